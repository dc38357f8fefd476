// DINOv2 preprocessing as the official pipeline does it (HF BitImageProcessor for
// facebook/dinov2-base, IWR-SPEC "Scoring" 4), over plain RGBA arrays so it runs in a
// worker and in Node tests. Pure: no DOM.
//
// 1. RGB: alpha is dropped, not composited (PIL `convert('RGB')` on RGBA does the same).
// 2. Resize the shortest edge to 256, long edge int(256 * long / short) (truncated), with
//    PIL's BICUBIC filter. HF hands PIL a uint8 image (`resample=3`, `reducing_gap=None`),
//    so this is PIL's 8-bit path (ImagingResample in Resample.c): a = -0.5, support scaled
//    by the downscale factor (antialiasing), horizontal pass then vertical pass, fixed-point
//    coefficients (22 fraction bits) with rounding and clipping to uint8 after each pass.
// 3. Centre crop 224: HF `center_crop` uses floor division, top = (h - 224) // 2,
//    left = (w - 224) // 2 (torchvision rounds instead; HF is the reference here).
// 4. x / 255, then (x - mean) / std with the ImageNet values, as float32 CHW.

export const DINO_SHORT_EDGE = 256;
export const DINO_CROP = 224;
export const IMAGENET_MEAN = [0.485, 0.456, 0.406] as const;
export const IMAGENET_STD = [0.229, 0.224, 0.225] as const;

/** An 8-bit image, 4 bytes per pixel (RGBA or RGBX), rows top to bottom. */
export interface Rgba8 {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** PIL's fixed-point precision for 8-bit resampling: 32 - 8 - 2. */
const PRECISION_BITS = 22;
const ONE = 1 << PRECISION_BITS;

function bicubic(x: number): number {
  const a = -0.5;
  if (x < 0) x = -x;
  if (x < 1) return ((a + 2) * x - (a + 3)) * x * x + 1;
  if (x < 2) return (((x - 5) * x + 8) * x - 4) * a;
  return 0;
}
const BICUBIC_SUPPORT = 2;

interface Coeffs {
  ksize: number;
  /** Per output index: first input index and count. */
  bounds: Int32Array;
  /** Fixed-point weights, ksize per output index. */
  kk: Int32Array;
}

/** PIL precompute_coeffs + normalize_coeffs_8bpc for a full-range box. */
function precomputeCoeffs(inSize: number, outSize: number): Coeffs {
  const scale = inSize / outSize;
  const filterscale = Math.max(1, scale);
  const support = BICUBIC_SUPPORT * filterscale;
  const ksize = Math.ceil(support) * 2 + 1;
  const bounds = new Int32Array(outSize * 2);
  const kk = new Int32Array(outSize * ksize);
  const k = new Float64Array(ksize);
  for (let xx = 0; xx < outSize; xx++) {
    const center = (xx + 0.5) * scale;
    const ss = 1 / filterscale;
    // C casts (int) truncate toward zero; the operands here are > -1, as in PIL.
    let xmin = Math.trunc(center - support + 0.5);
    if (xmin < 0) xmin = 0;
    let xmax = Math.trunc(center + support + 0.5);
    if (xmax > inSize) xmax = inSize;
    xmax -= xmin;
    let ww = 0;
    for (let x = 0; x < xmax; x++) {
      const w = bicubic((x + xmin - center + 0.5) * ss);
      k[x] = w;
      ww += w;
    }
    for (let x = 0; x < ksize; x++) {
      let w = x < xmax ? (k[x] as number) : 0;
      if (x < xmax && ww !== 0) w /= ww;
      kk[xx * ksize + x] = w < 0 ? Math.trunc(-0.5 + w * ONE) : Math.trunc(0.5 + w * ONE);
    }
    bounds[xx * 2] = xmin;
    bounds[xx * 2 + 1] = xmax;
  }
  return { ksize, bounds, kk };
}

function clip8(v: number): number {
  if (v >= ONE * 256) return 255;
  if (v <= 0) return 0;
  return Math.floor(v / ONE);
}

/**
 * PIL `Image.resize((outW, outH), Image.BICUBIC)` on an 8-bit RGB(X) image. Returns RGB,
 * 3 bytes per pixel.
 */
export function resizeBicubicPil(src: Rgba8, outW: number, outH: number, srcChannels: 3 | 4 = 4): Uint8Array {
  const { width: inW, height: inH, data } = src;
  const horiz = precomputeCoeffs(inW, outW);
  const vert = precomputeCoeffs(inH, outH);
  const needH = outW !== inW;
  const needV = outH !== inH;

  // Horizontal pass over only the rows the vertical pass will read (as PIL does).
  const yFirst = vert.bounds[0] as number;
  const yLast = (vert.bounds[outH * 2 - 2] as number) + (vert.bounds[outH * 2 - 1] as number);
  let mid: Uint8Array;
  let midW: number;
  let rowOffset: number;
  if (needH) {
    const rows = yLast - yFirst;
    mid = new Uint8Array(outW * rows * 3);
    midW = outW;
    rowOffset = yFirst;
    const { ksize, bounds, kk } = horiz;
    for (let y = 0; y < rows; y++) {
      const inRow = (y + yFirst) * inW * srcChannels;
      for (let xx = 0; xx < outW; xx++) {
        const xmin = bounds[xx * 2] as number;
        const xmax = bounds[xx * 2 + 1] as number;
        const kb = xx * ksize;
        let s0 = ONE / 2;
        let s1 = ONE / 2;
        let s2 = ONE / 2;
        for (let x = 0; x < xmax; x++) {
          const w = kk[kb + x] as number;
          const p = inRow + (x + xmin) * srcChannels;
          s0 += (data[p] as number) * w;
          s1 += (data[p + 1] as number) * w;
          s2 += (data[p + 2] as number) * w;
        }
        const o = (y * outW + xx) * 3;
        mid[o] = clip8(s0);
        mid[o + 1] = clip8(s1);
        mid[o + 2] = clip8(s2);
      }
    }
  } else {
    mid = new Uint8Array(inW * inH * 3);
    for (let i = 0, j = 0; i < inW * inH; i++, j += srcChannels) {
      mid[i * 3] = data[j] as number;
      mid[i * 3 + 1] = data[j + 1] as number;
      mid[i * 3 + 2] = data[j + 2] as number;
    }
    midW = inW;
    rowOffset = 0;
  }
  if (!needV) {
    if (rowOffset === 0 && mid.length === outW * outH * 3) return mid;
    return mid.slice(rowOffset * midW * 3, (rowOffset + outH) * midW * 3);
  }
  const out = new Uint8Array(outW * outH * 3);
  const { ksize, bounds, kk } = vert;
  for (let yy = 0; yy < outH; yy++) {
    const ymin = (bounds[yy * 2] as number) - rowOffset;
    const ymax = bounds[yy * 2 + 1] as number;
    const kb = yy * ksize;
    for (let xx = 0; xx < outW; xx++) {
      let s0 = ONE / 2;
      let s1 = ONE / 2;
      let s2 = ONE / 2;
      for (let y = 0; y < ymax; y++) {
        const w = kk[kb + y] as number;
        const p = ((y + ymin) * midW + xx) * 3;
        s0 += (mid[p] as number) * w;
        s1 += (mid[p + 1] as number) * w;
        s2 += (mid[p + 2] as number) * w;
      }
      const o = (yy * outW + xx) * 3;
      out[o] = clip8(s0);
      out[o + 1] = clip8(s1);
      out[o + 2] = clip8(s2);
    }
  }
  return out;
}

/** HF get_resize_output_image_size(size=256, default_to_square=False): [width, height]. */
export function shortEdgeSize(width: number, height: number, shortEdge = DINO_SHORT_EDGE): [number, number] {
  if (width <= height) return [shortEdge, Math.trunc((shortEdge * height) / width)];
  return [Math.trunc((shortEdge * width) / height), shortEdge];
}

/** HF center_crop offsets (floor division). */
export function centerCropOffsets(width: number, height: number, crop = DINO_CROP): { left: number; top: number } {
  if (width < crop || height < crop) throw new Error(`centerCropOffsets: image ${width}x${height} is smaller than the ${crop}px crop`);
  return { left: Math.floor((width - crop) / 2), top: Math.floor((height - crop) / 2) };
}

/** The resized-and-cropped uint8 RGB image (224x224x3), before normalisation. */
export function resizeAndCrop(src: Rgba8, srcChannels: 3 | 4 = 4): Uint8Array {
  const [w, h] = shortEdgeSize(src.width, src.height);
  const resized = resizeBicubicPil(src, w, h, srcChannels);
  const { left, top } = centerCropOffsets(w, h);
  const out = new Uint8Array(DINO_CROP * DINO_CROP * 3);
  for (let y = 0; y < DINO_CROP; y++) {
    const from = ((y + top) * w + left) * 3;
    out.set(resized.subarray(from, from + DINO_CROP * 3), y * DINO_CROP * 3);
  }
  return out;
}

/** uint8 RGB HWC -> float32 CHW, scaled 1/255 and ImageNet-normalised (float32 math as HF). */
export function normalizeChw(rgb: Uint8Array, size = DINO_CROP, out = new Float32Array(3 * size * size)): Float32Array {
  const plane = size * size;
  for (let c = 0; c < 3; c++) {
    const mean = IMAGENET_MEAN[c] as number;
    const std = IMAGENET_STD[c] as number;
    for (let i = 0; i < plane; i++) out[c * plane + i] = ((rgb[i * 3 + c] as number) / 255 - mean) / std;
  }
  return out;
}

/** The full DINOv2 preprocessing of one RGBA image: float32 [3, 224, 224]. */
export function preprocessDino(src: Rgba8): Float32Array {
  return normalizeChw(resizeAndCrop(src));
}
