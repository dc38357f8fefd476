// An independent reference for PIL's BICUBIC resize (Pillow's ImagingResample), written
// from the algorithm's description in plain float64: for every output pixel, the filter
// window is centred at (i + 0.5) * scale in input coordinates, the cubic kernel (a = -0.5)
// is stretched by max(1, scale) so a downscale averages over the pixels it covers
// (antialiasing), weights are normalised to sum 1, horizontal pass first then vertical,
// and each pass's result is rounded and clipped to uint8 as PIL's 8-bit images are.
// It shares no code with workers/dino-preprocess.ts (which ports PIL's fixed-point code).

function cubic(x: number): number {
  const a = -0.5;
  const t = Math.abs(x);
  if (t < 1) return (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1;
  if (t < 2) return a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a;
  return 0;
}

function weights(inSize: number, outSize: number, i: number): { first: number; w: number[] } {
  const scale = inSize / outSize;
  const stretch = Math.max(1, scale);
  const radius = 2 * stretch;
  const center = (i + 0.5) * scale;
  const first = Math.max(0, Math.floor(center - radius + 0.5));
  const last = Math.min(inSize, Math.floor(center + radius + 0.5));
  const w: number[] = [];
  for (let j = first; j < last; j++) w.push(cubic((j + 0.5 - center) / stretch));
  const sum = w.reduce((s, v) => s + v, 0);
  return { first, w: w.map((v) => v / sum) };
}

function toU8(v: number): number {
  return Math.min(255, Math.max(0, Math.floor(v + 0.5)));
}

/** rgb: 3 bytes per pixel. Returns 3 bytes per pixel. */
export function referenceResize(rgb: Uint8Array, inW: number, inH: number, outW: number, outH: number): Uint8Array {
  const mid = new Uint8Array(outW * inH * 3);
  for (let x = 0; x < outW; x++) {
    const { first, w } = weights(inW, outW, x);
    for (let y = 0; y < inH; y++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        w.forEach((wt, k) => {
          s += wt * (rgb[(y * inW + first + k) * 3 + c] ?? 0);
        });
        mid[(y * outW + x) * 3 + c] = outW === inW ? (rgb[(y * inW + x) * 3 + c] ?? 0) : toU8(s);
      }
    }
  }
  if (outH === inH) return mid;
  const out = new Uint8Array(outW * outH * 3);
  for (let y = 0; y < outH; y++) {
    const { first, w } = weights(inH, outH, y);
    for (let x = 0; x < outW; x++) {
      for (let c = 0; c < 3; c++) {
        let s = 0;
        w.forEach((wt, k) => {
          s += wt * (mid[((first + k) * outW + x) * 3 + c] ?? 0);
        });
        out[(y * outW + x) * 3 + c] = toU8(s);
      }
    }
  }
  return out;
}

/** The whole DINOv2 preprocessing by the reference route: float64 CHW values. */
export function referencePreprocess(rgb: Uint8Array, w: number, h: number): Float64Array {
  const [rw, rh] = w <= h ? [256, Math.floor((256 * h) / w)] : [Math.floor((256 * w) / h), 256];
  const resized = referenceResize(rgb, w, h, rw, rh);
  const top = Math.floor((rh - 224) / 2);
  const left = Math.floor((rw - 224) / 2);
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  const out = new Float64Array(3 * 224 * 224);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < 224; y++) {
      for (let x = 0; x < 224; x++) {
        const v = resized[((y + top) * rw + x + left) * 3 + c] ?? 0;
        out[c * 224 * 224 + y * 224 + x] = (v / 255 - (mean[c] ?? 0)) / (std[c] ?? 1);
      }
    }
  }
  return out;
}
