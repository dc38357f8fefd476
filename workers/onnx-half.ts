// DINO in half precision, as the official harness runs it on a CUDA GPU (IWR-SPEC "Scoring":
// float16 weights and activations there). onnxruntime-web's WASM
// backend has almost no float16 kernels, so the float16 option is emulated on the float32
// graph: every float weight is rounded to the nearest float16 value, and every float tensor
// computed from the image or the weights (the input included) passes through Cast(float16) ->
// Cast(float) right after the node that makes it. Each op still computes in float32 inside, much as
// CUDA half kernels accumulate in float32; what is stored between ops is half precision.
//
// Pure: bytes in, bytes out (the protobuf walking is workers/onnx-proto.ts).

import {
  ATTR,
  BOOL,
  concat,
  fields,
  FLOAT,
  FLOAT16,
  GRAPH,
  INT64,
  intField,
  lenField,
  MODEL,
  NODE,
  strField,
  sub,
  TENSOR,
  TENSOR_TYPE,
  text,
  TYPE,
  VALUE_INFO,
  viewNode,
  type NodeView,
} from './onnx-proto.ts';

// ---- float16 rounding --------------------------------------------------------------------

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The float16 bit pattern nearest to `x` (round to nearest, ties to even; overflow to infinity). */
export function halfBits(x: number): number {
  f32[0] = x;
  const f = u32[0] as number;
  const sign = (f >>> 16) & 0x8000;
  const exp = (f >>> 23) & 0xff;
  let mant = f & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    // A half subnormal (or zero): units of 2^-24.
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let h = mant >>> shift;
    const rest = mant & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rest > halfway || (rest === halfway && h & 1)) h++;
    return sign | h;
  }
  let h = (e << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  // A carry out of the mantissa steps the exponent, up to infinity: what a cast does.
  if (rest > 0x1000 || (rest === 0x1000 && h & 1)) h++;
  return sign | h;
}

export function halfValue(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 0x1f) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

/** The float16 value nearest to `x`, as a number: what a cast to half and back gives. */
export const roundToHalf = (x: number): number => halfValue(halfBits(x));

function roundFloatsInPlace(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i + 4 <= bytes.length; i += 4) view.setFloat32(i, roundToHalf(view.getFloat32(i, true)), true);
}

/** Rounds a TensorProto's float values to half precision, in place (same byte length). */
function roundTensor(buf: Uint8Array, what: string): number {
  const fs = fields(buf);
  if (fs.some((f) => f.field === TENSOR.externalData))
    throw new Error(`${what} keeps its values in an external data file; load a model with its weights inside the .onnx file.`);
  const type = fs.find((f) => f.field === TENSOR.dataType)?.varint;
  if (type !== BigInt(FLOAT)) return 0;
  let count = 0;
  for (const f of fs) {
    if (f.field === TENSOR.rawData || (f.field === TENSOR.floatData && f.wire === 2)) {
      roundFloatsInPlace(sub(buf, f));
      count += (f.end - f.payload) / 4;
    } else if (f.field === TENSOR.floatData && f.wire === 5) {
      roundFloatsInPlace(buf.subarray(f.payload, f.end));
      count += 1;
    }
  }
  return count;
}

function tensorType(buf: Uint8Array): number | undefined {
  const t = fields(buf).find((f) => f.field === TENSOR.dataType)?.varint;
  return t === undefined ? undefined : Number(t);
}

function elementCount(buf: Uint8Array): number {
  return fields(buf)
    .filter((f) => f.field === TENSOR.dims && f.wire === 0)
    .reduce((n, f) => n * Number(f.varint ?? 1n), 1);
}

const INT64_OPS = new Set(['Shape', 'Size', 'NonZero', 'ArgMax', 'ArgMin']);
const BOOL_OPS = new Set(['Equal', 'Less', 'Greater', 'LessOrEqual', 'GreaterOrEqual', 'Not', 'And', 'Or', 'Xor', 'IsNaN', 'IsInf']);
/** Ops whose outputs describe shapes, not the image: never rounded, nor what is computed from them alone. */
const SHAPE_OPS = new Set(['Shape', 'Size']);

/** The element type of a node's outputs, from its inputs' types; undefined when unsure. */
function outputType(node: NodeView, typeOf: (name: string) => number | undefined): number | undefined {
  if (node.domain && node.domain !== 'ai.onnx') return undefined;
  if (INT64_OPS.has(node.opType)) return INT64;
  if (BOOL_OPS.has(node.opType)) return BOOL;
  switch (node.opType) {
    case 'Cast':
      return node.ints.get('to');
    case 'CastLike':
      return typeOf(node.inputs[1] ?? '');
    case 'Constant': {
      const t = node.tensors.get('value');
      return t ? tensorType(t) : undefined;
    }
    case 'ConstantOfShape': {
      const t = node.tensors.get('value');
      return t ? tensorType(t) : FLOAT;
    }
    case 'Where':
      return typeOf(node.inputs[1] ?? '');
    default: {
      const first = node.inputs.find((i) => i !== '');
      return first === undefined ? undefined : typeOf(first);
    }
  }
}

export interface HalfReport {
  /** Float weights rounded (initializers and multi-value Constant tensors). */
  weights: number;
  /** Float tensors computed from the image that now pass through float16. */
  activations: number;
}

/**
 * The model with float16 storage emulated: weights rounded to half, every float activation
 * computed from the image cast to half and back right after its node. The model keeps its
 * float32 inputs and outputs, so it runs wherever the float32 model runs.
 */
export function halfPrecisionModel(model: Uint8Array, opts: { inPlace?: boolean } = {}): { bytes: Uint8Array; report: HalfReport } {
  // Weights are rounded where they lie: in a copy (not slice(): on a Node Buffer that is a
  // view) unless the caller owns the bytes and lets them go (a worker that was sent them).
  const bytes = opts.inPlace ? model : new Uint8Array(model);
  const top = fields(bytes);
  const graphField = top.find((f) => f.field === MODEL.graph && f.wire === 2);
  if (!graphField) throw new Error('not an ONNX model: no graph');
  const graph = sub(bytes, graphField);
  const gfs = fields(graph);

  const types = new Map<string, number>();
  /**
   * Tensors that carry the image or the weights, and what is computed from them: these are
   * half in the harness. What is computed only from shapes and scalar constants (a resize's
   * scale from the input's size, say) is not a tensor in PyTorch at all and is left alone.
   */
  const data = new Set<string>();
  let weights = 0;
  for (const f of gfs.filter((x) => x.field === GRAPH.initializer)) {
    const t = sub(graph, f);
    const nameField = fields(t).find((x) => x.field === TENSOR.name);
    const name = nameField ? text(t, nameField) : '?';
    weights += roundTensor(t, `initializer "${name}"`);
    const type = tensorType(t);
    if (type !== undefined) types.set(name, type);
    if (type === FLOAT && elementCount(t) > 1) data.add(name);
  }
  // Graph inputs that are not initializers: the image.
  const inputs: string[] = [];
  for (const f of gfs.filter((x) => x.field === GRAPH.input)) {
    const vi = sub(graph, f);
    const vf = fields(vi);
    const nameField = vf.find((x) => x.field === VALUE_INFO.name);
    if (!nameField) continue;
    const name = text(vi, nameField);
    if (types.has(name)) continue;
    const typeField = vf.find((x) => x.field === VALUE_INFO.type);
    const tensor = typeField ? fields(sub(vi, typeField)).find((x) => x.field === TYPE.tensor) : undefined;
    const elem = tensor && typeField ? fields(sub(sub(vi, typeField), tensor)).find((x) => x.field === TENSOR_TYPE.elemType) : undefined;
    if (elem?.varint !== undefined) types.set(name, Number(elem.varint));
    data.add(name);
    inputs.push(name);
  }

  const nodes = gfs.filter((f) => f.field === GRAPH.node).map((f) => viewNode(sub(graph, f)));
  // Constants in the graph that hold weights (more than one value) are rounded like initializers.
  for (const n of nodes) {
    const t = n.opType === 'Constant' ? n.tensors.get('value') : undefined;
    if (t && elementCount(t) > 1 && tensorType(t) === FLOAT) {
      weights += roundTensor(t, `constant "${n.outputs[0] ?? ''}"`);
      for (const out of n.outputs) data.add(out);
    }
  }

  const used = new Set<string>([...types.keys(), ...nodes.flatMap((n) => [...n.inputs, ...n.outputs, n.name])]);
  const fresh = (base: string) => {
    let name = base;
    for (let k = 1; used.has(name); k++) name = `${base}_${k}`;
    used.add(name);
    return name;
  };
  const castNode = (input: string, output: string, to: number) =>
    concat([
      strField(NODE.input, input),
      strField(NODE.output, output),
      strField(NODE.name, fresh(`iwr_half_cast_${output}`)),
      strField(NODE.opType, 'Cast'),
      lenField(NODE.attribute, concat([strField(ATTR.name, 'to'), intField(ATTR.i, to), intField(ATTR.type, 2)])),
    ]);
  /** Renames `name` where it is made, then adds the two casts that give `name` back, rounded. */
  const roundTrip = (name: string): { renamed: string; casts: Uint8Array[] } => {
    const renamed = fresh(`${name}__float`);
    const half = fresh(`${name}__half`);
    return { renamed, casts: [castNode(renamed, half, FLOAT16), castNode(half, name, FLOAT)] };
  };

  let activations = 0;
  const newNodes: Uint8Array[] = [];
  // The image itself is half in the harness: it is rounded first, and every node that read
  // the graph input reads the rounded copy (the graph input keeps its name).
  const roundedInputs = new Map<string, string>();
  for (const name of inputs) {
    if (types.get(name) !== FLOAT) continue;
    const half = fresh(`${name}__half`);
    const rounded = fresh(`${name}__rounded`);
    newNodes.push(castNode(name, half, FLOAT16), castNode(half, rounded, FLOAT));
    roundedInputs.set(name, rounded);
    activations++;
  }
  for (const n of nodes) {
    const type = outputType(n, (name) => types.get(name));
    // Constants were rounded where they are; a Shape of the image is not the image.
    const carries = n.opType !== 'Constant' && !SHAPE_OPS.has(n.opType) && n.inputs.some((i) => data.has(i));
    const renames = new Map<string, string>();
    const after: Uint8Array[] = [];
    for (const out of n.outputs) {
      if (out === '') continue;
      if (type !== undefined) types.set(out, type);
      if (!carries) continue;
      data.add(out);
      if (type !== FLOAT) continue;
      const { renamed, casts } = roundTrip(out);
      renames.set(out, renamed);
      after.push(...casts);
      activations++;
    }
    const readsInput = n.inputs.some((i) => roundedInputs.has(i));
    newNodes.push(renames.size || readsInput ? rewriteNode(n, renames, roundedInputs) : n.bytes, ...after);
  }

  // The graph again: its fields in their order, the node list replaced where the first node was.
  const graphParts: Uint8Array[] = [];
  let nodesWritten = false;
  for (const f of gfs) {
    if (f.field === GRAPH.node) {
      if (!nodesWritten) graphParts.push(...newNodes.map((n) => lenField(GRAPH.node, n)));
      nodesWritten = true;
    } else {
      graphParts.push(graph.subarray(f.start, f.end));
    }
  }
  if (!nodesWritten) graphParts.push(...newNodes.map((n) => lenField(GRAPH.node, n)));
  const newGraph = concat(graphParts);
  const modelParts = top.map((f) => (f === graphField ? lenField(MODEL.graph, newGraph) : bytes.subarray(f.start, f.end)));
  return { bytes: concat(modelParts), report: { weights, activations } };
}

/** A node with outputs renamed (`outputs`) and graph inputs read from their rounded copies (`inputs`). */
function rewriteNode(n: NodeView, outputs: Map<string, string>, inputs: Map<string, string>): Uint8Array {
  const parts = n.fields.map((f) => {
    const field = f.field === NODE.output ? outputs : f.field === NODE.input ? inputs : undefined;
    const to = field?.get(text(n.bytes, f));
    return to ? strField(f.field, to) : n.bytes.subarray(f.start, f.end);
  });
  return concat(parts);
}
