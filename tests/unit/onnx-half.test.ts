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

// ---- a hand-made graph: a scale computed from the input's shape stays float32 ---------------

const enc = new TextEncoder();
function varint(v: number): number[] {
  const out: number[] = [];
  do {
    let b = v & 0x7f;
    v = Math.floor(v / 128);
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
}
const cat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const len = (field: number, payload: Uint8Array) => cat(varint((field << 3) | 2), varint(payload.length), payload);
const str = (field: number, s: string) => len(field, enc.encode(s));
const int = (field: number, v: number) => cat(varint(field << 3), varint(v));
const tensorProto = (name: string, type: number, raw: Uint8Array, dims: number[] = []) =>
  cat(...dims.map((d) => int(1, d)), int(2, type), str(8, name), len(9, raw));
const node = (op: string, inputs: string[], outputs: string[], attrs: Uint8Array[] = []) =>
  cat(
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, `n_${outputs[0]}`),
    str(4, op),
    ...attrs.map((a) => len(5, a)),
  );
const constant = (name: string, type: number, raw: Uint8Array) =>
  node('Constant', [], [name], [cat(str(1, 'value'), len(5, tensorProto(`${name}_t`, type, raw)), int(20, 4))]);
const valueInfo = (name: string, dims: number[]) =>
  cat(str(1, name), len(2, len(1, cat(int(1, 1), len(2, cat(...dims.map((d) => len(1, int(1, d)))))))));
const f32 = (...v: number[]) => new Uint8Array(Float32Array.from(v).buffer);
const i64 = (...v: number[]) => new Uint8Array(BigInt64Array.from(v.map(BigInt)).buffer);

/** Y = X * (width of X / 3) + W: the scale comes from Shape, W is a weight. */
function shapeScaleModel(): Uint8Array {
  const graph = cat(
    len(1, node('Shape', ['X'], ['s'])),
    len(1, constant('one', 7, i64(1))),
    len(1, node('Gather', ['s', 'one'], ['w'])),
    len(1, node('Cast', ['w'], ['wf'], [cat(str(1, 'to'), int(3, 1), int(20, 2))])),
    len(1, constant('three', 1, f32(3))),
    len(1, node('Div', ['wf', 'three'], ['scale'])),
    len(1, node('Mul', ['X', 'scale'], ['xs'])),
    len(1, node('Add', ['xs', 'W'], ['Y'])),
    str(2, 'g'),
    len(5, tensorProto('W', 1, f32(0.1, 0.2, 0.3, 0.7), [4])),
    len(11, valueInfo('X', [1, 4])),
    len(12, valueInfo('Y', [1, 4])),
  );
  return cat(int(1, 8), len(8, cat(str(1, ''), int(2, 17))), len(7, graph));
}

test('a float computed from the input shape is not rounded; the weight, the input and every product are', async () => {
  const { bytes, report } = halfPrecisionModel(shapeScaleModel());
  expect(report.weights).toBe(4);
  const x = [1, 0.1, 3.7, 100.3];
  const s = await ort.InferenceSession.create(bytes);
  const y = Array.from((await s.run({ X: new ort.Tensor('float32', Float32Array.from(x), [1, 4]) })).Y!.data as Float32Array);
  await s.release();
  const r = (v: number) => Math.fround(v);
  const scale = r(4 / 3); // float32, as the shape arithmetic gives it
  const w = [0.1, 0.2, 0.3, 0.7].map((v) => roundToHalf(v));
  const expected = x.map((v, i) => roundToHalf(r(roundToHalf(r(roundToHalf(v) * scale)) + w[i]!)));
  expect(y).toEqual(expected);
  // Had the scale been rounded to half (1.3330078), the products would differ.
  const wrong = x.map((v, i) => roundToHalf(r(roundToHalf(r(roundToHalf(v) * roundToHalf(scale))) + w[i]!)));
  expect(wrong).not.toEqual(expected);
});
