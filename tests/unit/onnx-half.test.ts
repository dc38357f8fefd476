// The float16 DINO option (workers/onnx-half.ts): half rounding against known bit patterns,
// and the rewritten test model run in onnxruntime-node beside the original.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as ort from 'onnxruntime-node';
import { halfBits, halfPrecisionModel, halfValue, roundToHalf } from '../../workers/onnx-half.ts';

describe('half rounding', () => {
  test.each([
    [1, 0x3c00],
    [-2, 0xc000],
    [0.1, 0x2e66],
    [65504, 0x7bff],
    [65519, 0x7bff], // below the halfway point to 65536: still the largest half
    [65520, 0x7c00], // halfway rounds to even, which is past the largest: infinity
    [2 ** -24, 0x0001], // the smallest subnormal
    [2 ** -25, 0x0000], // halfway to it: ties to even (zero)
    [3 * 2 ** -25, 0x0002], // halfway between 1 and 2 units: even (2)
    [2 ** -14, 0x0400], // the smallest normal
    [1 + 2 ** -11, 0x3c00], // halfway between 1 and the next half: even
    [1 + 3 * 2 ** -11, 0x3c02], // halfway between 1 + 2^-10 and 1 + 2^-9: even
    [-0, 0x8000],
    [Infinity, 0x7c00],
  ])('%s -> half bits %i', (x, bits) => {
    expect(halfBits(x)).toBe(bits);
  });

  test('NaN stays NaN; a half value rounds to itself', () => {
    expect(roundToHalf(NaN)).toBeNaN();
    for (let h = 0; h < 0x7c00; h += 37) expect(halfBits(halfValue(h))).toBe(h);
  });
});

const MODEL = readFileSync(new URL('../../public/models/test-dinov2-tiny.onnx', import.meta.url));

async function lastHidden(bytes: Uint8Array, pixels: Float32Array): Promise<Float32Array> {
  const s = await ort.InferenceSession.create(bytes, { graphOptimizationLevel: 'all' });
  try {
    const out = await s.run({ pixel_values: new ort.Tensor('float32', pixels, [1, 3, 224, 224]) });
    return out.last_hidden_state?.data as Float32Array;
  } finally {
    await s.release();
  }
}

/** A deterministic normalised image: values like DINO's preprocessing gives (about -2..2.6). */
function image(seed: number): Float32Array {
  const px = new Float32Array(3 * 224 * 224);
  let x = seed;
  for (let i = 0; i < px.length; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    px[i] = (x / 2 ** 31) * 4.6 - 2;
  }
  return px;
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>, n: number): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] as number) * (b[i] as number);
    aa += (a[i] as number) ** 2;
    bb += (b[i] as number) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

describe('the half-precision model', () => {
  const { bytes, report } = halfPrecisionModel(MODEL);

  test('rounds every float weight and casts every activation, leaving the original untouched', () => {
    // test-dinov2-tiny: D=32, 2 blocks, MLP 64 (scripts/make-test-model.mjs).
    expect(report.weights).toBeGreaterThan(20_000);
    expect(report.activations).toBeGreaterThan(40);
    expect(Buffer.compare(MODEL, readFileSync(new URL('../../public/models/test-dinov2-tiny.onnx', import.meta.url)))).toBe(0);
  });

  test('runs in onnxruntime: every output value is a half value, close to float32 but not equal', async () => {
    const px = image(3);
    const full = await lastHidden(MODEL, px);
    const half = await lastHidden(bytes, px);
    expect(half.length).toBe(full.length);
    for (const v of half) expect(roundToHalf(v)).toBe(v);
    // The float32 model's outputs are not all half values: the rounding is real.
    expect(Array.from(full).some((v) => roundToHalf(v) !== v)).toBe(true);
    const d = 32;
    expect(cosine(full, half, d)).toBeGreaterThan(0.999);
    expect(cosine(full, half, d)).toBeLessThan(1);
    // The input is rounded too: an image that differs below half precision gives the same output.
    const nudged = px.map((v) => (roundToHalf(v) === v ? v : roundToHalf(v)));
    expect(Array.from(await lastHidden(bytes, nudged))).toEqual(Array.from(half));
    // Rounding is idempotent: the model converted twice computes the same values.
    expect(Array.from(await lastHidden(halfPrecisionModel(bytes).bytes, px))).toEqual(Array.from(half));
  });

  test('not an ONNX model: a clear error', () => {
    expect(() => halfPrecisionModel(new TextEncoder().encode('<html>not a model</html>'))).toThrow(/ONNX|protobuf|field/);
  });
});
