// The DINOv2 preprocessing (workers/dino-preprocess.ts, a port of PIL's fixed-point 8-bit
// resampler) against an independent float64 reference of PIL's bicubic filter
// (tests/unit/pil-bicubic-reference.ts). Pillow is not installed on this machine
// (`python3 -c "import PIL"` fails), so no Pillow fixtures: the reference stands in.
// The two may differ by one uint8 level where fixed-point and float64 round differently,
// which is 1/255/0.225 = 0.0174 after normalisation: the target is < 0.02.
import { describe, expect, test } from 'vitest';
import {
  centerCropOffsets,
  preprocessDino,
  resizeAndCrop,
  resizeBicubicPil,
  shortEdgeSize,
  type Rgba8,
} from '../../workers/dino-preprocess.ts';
import { referencePreprocess, referenceResize } from './pil-bicubic-reference.ts';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Pattern = 'noise' | 'page' | 'gradient' | 'stripes';

/** Deterministic test images; 'page' mimics a screenshot: flat areas, text-like strokes, hard edges. */
function makeImage(width: number, height: number, pattern: Pattern, seed = 1): Rgba8 {
  const r = rng(seed);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let v: [number, number, number];
      if (pattern === 'noise') v = [r() * 256, r() * 256, r() * 256];
      else if (pattern === 'gradient') v = [(x * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height)];
      else if (pattern === 'stripes') v = x % 3 === 0 ? [255, 0, 0] : y % 2 === 0 ? [0, 0, 0] : [250, 250, 250];
      else {
        const header = y < height * 0.08;
        const text = !header && y % 24 > 6 && y % 24 < 18 && (Math.floor(x / 7) * 13 + Math.floor(y / 24) * 7) % 5 !== 0 && r() < 0.55;
        const button = x > width * 0.6 && x < width * 0.8 && y > height * 0.4 && y < height * 0.48;
        v = header ? [32, 64, 160] : button ? [220, 40, 60] : text ? [20, 20, 20] : [255, 255, 255];
      }
      data[o] = v[0];
      data[o + 1] = v[1];
      data[o + 2] = v[2];
      data[o + 3] = 255;
    }
  }
  return { data, width, height };
}

function toRgb(img: Rgba8): Uint8Array {
  const out = new Uint8Array(img.width * img.height * 3);
  for (let i = 0; i < img.width * img.height; i++) {
    out[i * 3] = img.data[i * 4] as number;
    out[i * 3 + 1] = img.data[i * 4 + 1] as number;
    out[i * 3 + 2] = img.data[i * 4 + 2] as number;
  }
  return out;
}

describe('geometry follows HF BitImageProcessor', () => {
  test('shortest edge 256, long edge truncated', () => {
    expect(shortEdgeSize(1920, 1080)).toEqual([455, 256]); // 455.11 -> 455
    expect(shortEdgeSize(1280, 720)).toEqual([455, 256]);
    expect(shortEdgeSize(375, 812)).toEqual([256, 554]); // 554.32 -> 554
    expect(shortEdgeSize(300, 300)).toEqual([256, 256]);
    expect(shortEdgeSize(1366, 768)).toEqual([455, 256]); // 455.33
  });
  test('centre crop offsets use floor division (HF center_crop), not rounding', () => {
    expect(centerCropOffsets(455, 256)).toEqual({ left: 115, top: 16 }); // 231/2 = 115.5 -> 115
    expect(centerCropOffsets(256, 554)).toEqual({ left: 16, top: 165 });
    expect(() => centerCropOffsets(200, 300)).toThrow(/smaller than the 224px crop/);
  });
});

describe('resize matches the float64 PIL reference', () => {
  const cases: Array<[number, number, Pattern, number, number]> = [
    [1920, 1080, 'page', 455, 256],
    [640, 480, 'noise', 341, 256],
    [375, 812, 'stripes', 256, 554],
    [200, 150, 'gradient', 341, 256], // an upscale: support stays 2
    [256, 300, 'noise', 256, 300], // width unchanged: vertical pass only... no pass at all
  ];
  for (const [w, h, pattern, ow, oh] of cases) {
    test(`${w}x${h} ${pattern} -> ${ow}x${oh}`, () => {
      const img = makeImage(w, h, pattern, w + h);
      const ours = resizeBicubicPil(img, ow, oh);
      const ref = referenceResize(toRgb(img), w, h, ow, oh);
      let maxDiff = 0;
      let diffs = 0;
      for (let i = 0; i < ours.length; i++) {
        const d = Math.abs((ours[i] as number) - (ref[i] as number));
        if (d > 0) diffs++;
        maxDiff = Math.max(maxDiff, d);
      }
      console.log(`resize ${w}x${h} ${pattern}: max uint8 diff ${maxDiff}, ${diffs} of ${ours.length} values differ`);
      expect(maxDiff).toBeLessThanOrEqual(1);
    });
  }
});

describe('full preprocessing (resize, crop, normalise) vs the reference', () => {
  const cases: Array<[number, number, Pattern]> = [
    [1920, 1080, 'page'],
    [1280, 720, 'noise'],
    [375, 812, 'page'],
    [1366, 768, 'gradient'],
    [300, 300, 'stripes'],
  ];
  for (const [w, h, pattern] of cases) {
    test(`${w}x${h} ${pattern}: max abs difference after normalisation < 0.02`, () => {
      const img = makeImage(w, h, pattern, 7 * w + h);
      const ours = preprocessDino(img);
      const ref = referencePreprocess(toRgb(img), w, h);
      expect(ours.length).toBe(3 * 224 * 224);
      let maxAbs = 0;
      for (let i = 0; i < ours.length; i++) maxAbs = Math.max(maxAbs, Math.abs((ours[i] as number) - (ref[i] as number)));
      console.log(`preprocess ${w}x${h} ${pattern}: max abs difference after normalisation ${maxAbs.toFixed(5)}`);
      expect(maxAbs).toBeLessThan(0.02);
    });
  }

  test('a constant image stays constant and normalises to the ImageNet values', () => {
    const img = makeImage(500, 300, 'gradient');
    img.data.fill(128);
    const crop = resizeAndCrop(img);
    expect(new Set(crop).size).toBe(1);
    expect(crop[0]).toBe(128);
    const x = preprocessDino(img);
    expect(x[0]).toBeCloseTo((128 / 255 - 0.485) / 0.229, 5);
    expect(x[224 * 224]).toBeCloseTo((128 / 255 - 0.456) / 0.224, 5);
    expect(x[2 * 224 * 224]).toBeCloseTo((128 / 255 - 0.406) / 0.225, 5);
  });
});
