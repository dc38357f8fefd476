#!/usr/bin/env node
// Writes a small ONNX vision transformer with the interface of the DINOv2 export
// (input `pixel_values` [N,3,224,224] float32 -> output `last_hidden_state` [N,257,D]):
// a 14x14 patch convolution (256 tokens) plus a CLS token, learned position embeddings,
// pre-norm transformer blocks with LayerScale, and a final LayerNorm, as in DINOv2.
// Weights come from a seeded PRNG, so the file is byte-identical on every run.
//
//   npm run make-test-model            -> public/models/test-dinov2-tiny.onnx (D=32, 2 blocks; committed)
//   npm run make-test-model -- --full  -> models/random-vitb14.onnx (ViT-B/14: D=768, 12 blocks,
//                                         ~86M parameters, ~345 MB; gitignored, for benchmarks)
//
// The protobuf is encoded by hand (the ONNX schema's few message types), then the file is
// loaded and run once in onnxruntime-node to prove it is valid.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const FULL = process.argv.includes('--full');
const CFG = FULL
  ? { name: 'random-vitb14', out: `${repo}models/random-vitb14.onnx`, D: 768, heads: 12, mlp: 3072, layers: 12, seed: 14 }
  : { name: 'test-dinov2-tiny', out: `${repo}public/models/test-dinov2-tiny.onnx`, D: 32, heads: 4, mlp: 64, layers: 2, seed: 7 };
const PATCH = 14;
const GRID = 16; // 224 / 14
const TOKENS = GRID * GRID + 1;

// ---- protobuf wire format ------------------------------------------------------------
/** @param {bigint | number} v @returns {Buffer} */
function varint(v) {
  let x = BigInt.asUintN(64, BigInt(v));
  const out = [];
  do {
    let b = Number(x & 0x7fn);
    x >>= 7n;
    if (x) b |= 0x80;
    out.push(b);
  } while (x);
  return Buffer.from(out);
}
/** @param {number} field @param {number} wire */
const key = (field, wire) => varint((field << 3) | wire);
/** @param {number} field @param {number | bigint} v */
const fInt = (field, v) => Buffer.concat([key(field, 0), varint(v)]);
/** @param {number} field @param {Buffer | string} bytes */
const fBytes = (field, bytes) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return Buffer.concat([key(field, 2), varint(b.length), b]);
};
/** @param {number} field @param {number} v */
const fFloat = (field, v) => {
  const b = Buffer.alloc(4);
  b.writeFloatLE(v);
  return Buffer.concat([key(field, 5), b]);
};
/** @param {...(Buffer | Buffer[])} parts */
const msg = (...parts) => Buffer.concat(parts.flat());

// ---- ONNX messages (field numbers from onnx.proto) -------------------------------------
const FLOAT = 1;
const INT64 = 7;
/**
 * TensorProto: dims=1, data_type=2, name=8, raw_data=9
 * @param {string} name @param {number[]} dims @param {number} type @param {Buffer} raw
 */
function tensor(name, dims, type, raw) {
  return msg(
    dims.map((d) => fInt(1, d)),
    fInt(2, type),
    fBytes(8, name),
    fBytes(9, raw),
  );
}
/** AttributeProto: name=1, f=2, i=3, floats=7, ints=8, type=20 (FLOAT=1, INT=2, INTS=7) */
/** @param {string} name @param {number} v */
const attrInt = (name, v) => msg(fBytes(1, name), fInt(3, v), fInt(20, 2));
/** @param {string} name @param {number[]} vs */
const attrInts = (name, vs) =>
  msg(
    fBytes(1, name),
    vs.map((v) => fInt(8, v)),
    fInt(20, 7),
  );
/** @param {string} name @param {number} v */
const attrFloat = (name, v) => msg(fBytes(1, name), fFloat(2, v), fInt(20, 1));
/**
 * NodeProto: input=1, output=2, name=3, op_type=4, attribute=5
 * @param {string} op @param {string[]} inputs @param {string[]} outputs @param {Buffer[]} [attrs]
 */
function node(op, inputs, outputs, attrs = []) {
  return msg(
    inputs.map((i) => fBytes(1, i)),
    outputs.map((o) => fBytes(2, o)),
    fBytes(3, `${outputs[0]}_${op}`),
    fBytes(4, op),
    attrs.map((a) => fBytes(5, a)),
  );
}
/**
 * ValueInfoProto { name=1, type=2: TypeProto { tensor_type=1: { elem_type=1, shape=2: { dim=1: { dim_value=1 | dim_param=2 } } } } }
 * @param {string} name @param {Array<number | string>} dims
 */
function valueInfo(name, dims) {
  const shape = msg(dims.map((d) => fBytes(1, typeof d === 'string' ? fBytes(2, d) : fInt(1, d))));
  return msg(fBytes(1, name), fBytes(2, fBytes(1, msg(fInt(1, FLOAT), fBytes(2, shape)))));
}

// ---- deterministic weights ---------------------------------------------------------------
/** @param {number} seed */
function mulberry32(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(CFG.seed);
/** Uniform with the given standard deviation. @param {number} n @param {number} std */
function weights(n, std) {
  const a = new Float32Array(n);
  const r = std * Math.sqrt(3);
  for (let i = 0; i < n; i++) a[i] = (rand() * 2 - 1) * r;
  return a;
}
/** @param {number} n @param {number} v */
const fill = (n, v) => new Float32Array(n).fill(v);
/** @param {Float32Array} a */
const f32 = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
/** @param {number[]} vals */
const i64 = (vals) => {
  const b = Buffer.alloc(vals.length * 8);
  vals.forEach((v, i) => b.writeBigInt64LE(BigInt(v), i * 8));
  return b;
};

// ---- the graph ---------------------------------------------------------------------------
const { D, heads: H, mlp: M, layers: L } = CFG;
const dh = D / H;
/** @type {Buffer[]} */
const inits = [];
/** @type {Buffer[]} */
const nodes = [];
let params = 0;
/** @param {string} name @param {number[]} dims @param {Float32Array} data */
function param(name, dims, data) {
  inits.push(tensor(name, dims, FLOAT, f32(data)));
  params += data.length;
  return name;
}
/** @param {string} name @param {number[]} vals */
function constI64(name, vals) {
  inits.push(tensor(name, [vals.length], INT64, i64(vals)));
  return name;
}
/** @param {string} name @param {number} v */
function constF(name, v) {
  inits.push(tensor(name, [], FLOAT, f32(new Float32Array([v]))));
  return name;
}
let tmp = 0;
/** @param {string} p */
const t = (p) => `${p}_${tmp++}`;
/** @param {string} type @param {string[]} inputs @param {Buffer[]} [attrs] @param {string} [prefix] */
function op(type, inputs, attrs = [], prefix = type.toLowerCase()) {
  const out = t(prefix);
  nodes.push(node(type, inputs, [out], attrs));
  return out;
}
/** @param {string} x @param {string} name @param {number} inDim @param {number} outDim @param {number} std */
const linear = (x, name, inDim, outDim, std) =>
  op('Add', [
    op('MatMul', [x, param(`${name}.weight`, [inDim, outDim], weights(inDim * outDim, std))]),
    param(`${name}.bias`, [outDim], fill(outDim, 0)),
  ]);
/** @param {string} x @param {string} name @param {string} [out] */
const layerNorm = (x, name, out) => {
  const o = out ?? t('ln');
  nodes.push(
    node(
      'LayerNormalization',
      [x, param(`${name}.weight`, [D], fill(D, 1)), param(`${name}.bias`, [D], fill(D, 0))],
      [o],
      [attrInt('axis', -1), attrFloat('epsilon', 1e-6)],
    ),
  );
  return o;
};

constI64('shape_tokens', [0, D, GRID * GRID]);
constI64('shape_heads', [0, 0, H, dh]);
constI64('shape_merge', [0, 0, D]);
constF('zero', 0);
constF('half', 0.5);
constF('one', 1);
constF('inv_sqrt2', Math.SQRT1_2);
constF('attn_scale', 1 / Math.sqrt(dh));

const conv = op(
  'Conv',
  [
    'pixel_values',
    param('patch.weight', [D, 3, PATCH, PATCH], weights(D * 3 * PATCH * PATCH, 1 / Math.sqrt(3 * PATCH * PATCH))),
    param('patch.bias', [D], fill(D, 0)),
  ],
  [attrInts('kernel_shape', [PATCH, PATCH]), attrInts('strides', [PATCH, PATCH])],
);
const patches = op('Transpose', [op('Reshape', [conv, 'shape_tokens'])], [attrInts('perm', [0, 2, 1])]);
// The CLS token broadcast to the batch without shape arithmetic: 0 * mean(patches) + cls.
const zeros = op('Mul', [op('ReduceMean', [patches], [attrInts('axes', [1]), attrInt('keepdims', 1)]), 'zero']);
const cls = op('Add', [zeros, param('cls_token', [1, 1, D], weights(D, 0.5))]);
let h = op('Add', [op('Concat', [cls, patches], [attrInt('axis', 1)]), param('pos_embed', [1, TOKENS, D], weights(TOKENS * D, 0.5))]);

for (let l = 0; l < L; l++) {
  const p = `blocks.${l}`;
  const x = layerNorm(h, `${p}.norm1`);
  /** @param {string} name @param {number[]} perm */
  const heads = (name, perm) =>
    op('Transpose', [op('Reshape', [linear(x, `${p}.attn.${name}`, D, D, 1 / Math.sqrt(D)), 'shape_heads'])], [attrInts('perm', perm)]);
  const q = heads('q', [0, 2, 1, 3]);
  const k = heads('k', [0, 2, 3, 1]);
  const v = heads('v', [0, 2, 1, 3]);
  const attn = op('Softmax', [op('Mul', [op('MatMul', [q, k]), 'attn_scale'])], [attrInt('axis', -1)]);
  const ctx = op('Reshape', [op('Transpose', [op('MatMul', [attn, v])], [attrInts('perm', [0, 2, 1, 3])]), 'shape_merge']);
  const proj = linear(ctx, `${p}.attn.proj`, D, D, 1 / Math.sqrt(D));
  h = op('Add', [h, op('Mul', [proj, param(`${p}.ls1`, [D], fill(D, 1))])]);
  const y = layerNorm(h, `${p}.norm2`);
  const m = linear(y, `${p}.mlp.fc1`, D, M, 1 / Math.sqrt(D));
  // GELU (exact, erf form) from opset-17 primitives.
  const gelu = op('Mul', [op('Mul', [m, 'half']), op('Add', [op('Erf', [op('Mul', [m, 'inv_sqrt2'])]), 'one'])]);
  const m2 = linear(gelu, `${p}.mlp.fc2`, M, D, 1 / Math.sqrt(M));
  h = op('Add', [h, op('Mul', [m2, param(`${p}.ls2`, [D], fill(D, 1))])]);
}
layerNorm(h, 'norm', 'last_hidden_state');

const graph = msg(
  nodes.map((n) => fBytes(1, n)),
  fBytes(2, CFG.name),
  inits.map((i) => fBytes(5, i)),
  fBytes(11, valueInfo('pixel_values', ['batch_size', 3, 224, 224])),
  fBytes(12, valueInfo('last_hidden_state', ['batch_size', TOKENS, D])),
);
// ModelProto: ir_version=1, producer_name=2, producer_version=3, graph=7, opset_import=8 {domain=1, version=2}
const model = msg(
  fInt(1, 8),
  fBytes(2, 'iwr-studio make-test-model'),
  fBytes(3, '1'),
  fBytes(7, graph),
  fBytes(8, msg(fBytes(1, ''), fInt(2, 17))),
);

mkdirSync(dirname(CFG.out), { recursive: true });
writeFileSync(CFG.out, model);
const sha = createHash('sha256').update(model).digest('hex');
console.log(
  `wrote ${CFG.out}: ${(model.length / 1e6).toFixed(2)} MB, ${params.toLocaleString('en')} parameters, D=${D}, ${L} blocks, sha256 ${sha}`,
);

// Prove the file loads and has the DINOv2 interface.
const ort = await import('onnxruntime-node');
const session = await ort.InferenceSession.create(CFG.out);
const input = new Float32Array(3 * 224 * 224).map((_, i) => Math.sin(i / 97));
const out = await session.run({ pixel_values: new ort.Tensor('float32', input, [1, 3, 224, 224]) });
const hidden = out.last_hidden_state;
if (!hidden || hidden.dims.join(',') !== `1,${TOKENS},${D}`)
  throw new Error(`make-test-model: unexpected output shape [${hidden?.dims.join(', ')}]`);
const cls0 = Array.from(/** @type {Float32Array} */ (hidden.data).slice(0, 4), (v) => v.toFixed(4));
console.log(
  `onnxruntime-node: inputs [${session.inputNames.join(', ')}] -> outputs [${session.outputNames.join(', ')}], last_hidden_state [${hidden.dims.join(', ')}], CLS[0..3] = ${cls0.join(' ')}`,
);
await session.release();
