// The fast int8 DINO option (workers/onnx-int8.ts): per-column weight quantisation checked by
// hand, and the rewritten test model run in onnxruntime-node beside the original.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as ort from 'onnxruntime-node';
import { int8Model, quantizeColumns } from '../../workers/onnx-int8.ts';
import { fields, GRAPH, MODEL, NODE, sub, text } from '../../workers/onnx-proto.ts';

const MODEL_FILE = new URL('../../public/models/test-dinov2-tiny.onnx', import.meta.url);
const ORIGINAL = readFileSync(MODEL_FILE);

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

const opTypes = (bytes: Uint8Array): string[] => {
  const graph = sub(bytes, fields(bytes).find((f) => f.field === MODEL.graph) as ReturnType<typeof fields>[number]);
  return fields(graph)
    .filter((f) => f.field === GRAPH.node)
    .map((f) => {
      const node = sub(graph, f);
      return text(node, fields(node).find((x) => x.field === NODE.opType) as ReturnType<typeof fields>[number]);
    });
};

describe('per-column int8 weights', () => {
  test('each column is scaled by its own largest magnitude over 127', () => {
    // 2 x 3, columns [1, -4], [0.5, 0.25], [0, 0].
    const { q, scales } = quantizeColumns(new Float32Array([1, 0.5, 0, -4, 0.25, 0]), 2, 3);
    expect(Array.from(scales)).toEqual([4 / 127, 0.5 / 127, 1].map((x) => Math.fround(x)));
    expect(Array.from(q)).toEqual([32, 127, 0, -127, 64, 0]);
  });
});

describe('the int8 model', () => {
  const { bytes, report } = int8Model(ORIGINAL);

  test('replaces every weight MatMul and keeps the products of two activations', () => {
    const before = opTypes(ORIGINAL).filter((o) => o === 'MatMul').length;
    const after = opTypes(bytes);
    // test-dinov2-tiny: per block Q, K, V, output and two MLP products take weights; Q.K and A.V do not.
    expect(report.matmuls).toBeGreaterThan(0);
    expect(after.filter((o) => o === 'MatMulInteger').length).toBe(report.matmuls);
    expect(after.filter((o) => o === 'DynamicQuantizeLinear').length).toBe(report.matmuls);
    expect(after.filter((o) => o === 'MatMul').length).toBe(before - report.matmuls);
    expect(after.filter((o) => o === 'MatMul').length).toBeGreaterThan(0);
    // The weights now take a byte each, not four: the file shrinks.
    expect(bytes.length).toBeLessThan(ORIGINAL.length - report.weights * 2);
    expect(Buffer.compare(ORIGINAL, readFileSync(MODEL_FILE))).toBe(0);
  });

  test('runs in onnxruntime close to float32, but not equal', async () => {
    const d = 32;
    for (const seed of [3, 11]) {
      const px = image(seed);
      const full = await lastHidden(ORIGINAL, px);
      const q = await lastHidden(bytes, px);
      expect(q.length).toBe(full.length);
      expect(cosine(full, q, d)).toBeGreaterThan(0.99);
      expect(Array.from(q.subarray(0, d))).not.toEqual(Array.from(full.subarray(0, d)));
    }
  });

  test('not an ONNX model: a clear error', () => {
    expect(() => int8Model(new TextEncoder().encode('<html>not a model</html>'))).toThrow(/ONNX|protobuf|field/);
  });
});
