// A fast, approximate DINO (issue 19 item 4): the float32 model with the weights of its
// matrix products kept as int8 and multiplied in integer arithmetic, the rewrite onnxruntime's
// `quantize_dynamic` makes. Each MatMul whose second input is a float weight matrix becomes
//   DynamicQuantizeLinear(x) -> MatMulInteger(x_q, W_q, x_zero, 0) -> Cast(float) -> Mul(x_scale * W_scale)
// with W quantized symmetrically per output column into [-127, 127], and x quantized per call
// to uint8 from its own range. onnxruntime fuses the chain into one kernel. Products of two
// activations (attention's Q.K and A.V) stay float32, as do every other op and the output.
//
// Pure: bytes in, bytes out (the protobuf walking is workers/onnx-proto.ts).
import {
  ATTR,
  concat,
  fields,
  FLOAT,
  GRAPH,
  intField,
  lenField,
  MODEL,
  NODE,
  strField,
  sub,
  TENSOR,
  text,
  VALUE_INFO,
  viewNode,
} from './onnx-proto.ts';

const INT8 = 3;
const OPSET = { domain: 1, version: 2 };
const MODEL_OPSET_IMPORT = 8;
/** DynamicQuantizeLinear came with opset 11. */
const MIN_OPSET = 11;

export interface Int8Report {
  /** MatMuls that now multiply int8 weights. */
  matmuls: number;
  /** Weight values stored as int8. */
  weights: number;
}

interface Weight {
  name: string;
  dims: number[];
  values: Float32Array;
}

/** A float initializer's values and shape, when it is a 2-D matrix stored inside the file. */
function floatMatrix(tensor: Uint8Array): Weight | null {
  const fs = fields(tensor);
  if (fs.find((f) => f.field === TENSOR.dataType)?.varint !== BigInt(FLOAT)) return null;
  const dims = fs.filter((f) => f.field === TENSOR.dims && f.wire === 0).map((f) => Number(f.varint));
  const nameField = fs.find((f) => f.field === TENSOR.name);
  if (dims.length !== 2 || !nameField || fs.some((f) => f.field === TENSOR.externalData)) return null;
  const raw = fs.find((f) => f.field === TENSOR.rawData || (f.field === TENSOR.floatData && f.wire === 2));
  if (!raw) return null;
  const bytes = sub(tensor, raw);
  const count = (dims[0] as number) * (dims[1] as number);
  if (bytes.length !== count * 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(count);
  for (let i = 0; i < count; i++) values[i] = view.getFloat32(i * 4, true);
  return { name: text(tensor, nameField), dims, values };
}

/** Symmetric per-column int8: column j of a K x N matrix is scaled by max|w[:, j]| / 127 and rounded. */
export function quantizeColumns(values: Float32Array, rows: number, cols: number): { q: Int8Array; scales: Float32Array } {
  const scales = new Float32Array(cols);
  for (let j = 0; j < cols; j++) {
    let max = 0;
    for (let i = 0; i < rows; i++) max = Math.max(max, Math.abs(values[i * cols + j] as number));
    scales[j] = max > 0 ? max / 127 : 1;
  }
  const q = new Int8Array(rows * cols);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      const v = Math.round((values[i * cols + j] as number) / (scales[j] as number));
      q[i * cols + j] = Math.max(-127, Math.min(127, v));
    }
  return { q, scales };
}

function tensorProto(name: string, type: number, dims: number[], raw: Uint8Array): Uint8Array {
  return concat([
    ...dims.map((d) => intField(TENSOR.dims, d)),
    intField(TENSOR.dataType, type),
    strField(TENSOR.name, name),
    lenField(TENSOR.rawData, raw),
  ]);
}

function nodeProto(op: string, inputs: string[], outputs: string[], name: string, ints: Record<string, number> = {}): Uint8Array {
  return concat([
    ...inputs.map((i) => strField(NODE.input, i)),
    ...outputs.map((o) => strField(NODE.output, o)),
    strField(NODE.name, name),
    strField(NODE.opType, op),
    ...Object.entries(ints).map(([k, v]) =>
      lenField(NODE.attribute, concat([strField(ATTR.name, k), intField(ATTR.i, v), intField(ATTR.type, 2)])),
    ),
  ]);
}

function defaultOpset(top: ReturnType<typeof fields>, bytes: Uint8Array): number | null {
  for (const f of top.filter((x) => x.field === MODEL_OPSET_IMPORT && x.wire === 2)) {
    const fs = fields(sub(bytes, f));
    const domain = fs.find((x) => x.field === OPSET.domain);
    if (domain && !['', 'ai.onnx'].includes(text(sub(bytes, f), domain))) continue;
    const v = fs.find((x) => x.field === OPSET.version)?.varint;
    if (v !== undefined) return Number(v);
  }
  return null;
}

/** The model with its weight MatMuls in int8 (see the top of this file). Inputs and outputs stay float32. */
export function int8Model(model: Uint8Array): { bytes: Uint8Array; report: Int8Report } {
  const top = fields(model);
  const graphField = top.find((f) => f.field === MODEL.graph && f.wire === 2);
  if (!graphField) throw new Error('not an ONNX model: no graph');
  const opset = defaultOpset(top, model);
  if (opset !== null && opset < MIN_OPSET)
    throw new Error(`the model uses ONNX opset ${opset}; the int8 form needs opset ${MIN_OPSET} or later (DynamicQuantizeLinear)`);
  const graph = sub(model, graphField);
  const gfs = fields(graph);

  const matrices = new Map<string, { field: (typeof gfs)[number]; weight: Weight }>();
  const initializerNames: string[] = [];
  for (const f of gfs.filter((x) => x.field === GRAPH.initializer)) {
    const t = sub(graph, f);
    const nameField = fields(t).find((x) => x.field === TENSOR.name);
    if (nameField) initializerNames.push(text(t, nameField));
    const w = floatMatrix(t);
    if (w) matrices.set(w.name, { field: f, weight: w });
  }
  const nodes = gfs.filter((f) => f.field === GRAPH.node).map((f) => viewNode(sub(graph, f)));
  const used = new Set<string>([...initializerNames, ...nodes.flatMap((n) => [...n.inputs, ...n.outputs, n.name])]);
  const fresh = (base: string) => {
    let name = base;
    for (let k = 1; used.has(name); k++) name = `${base}_${k}`;
    used.add(name);
    return name;
  };

  // Which weights every reader multiplies as MatMul's right-hand side: only those are replaced.
  const readers = new Map<string, { matmul: number; other: number }>();
  for (const n of nodes)
    n.inputs.forEach((input, k) => {
      if (!matrices.has(input)) return;
      const r = readers.get(input) ?? { matmul: 0, other: 0 };
      if (n.opType === 'MatMul' && !n.domain && k === 1) r.matmul++;
      else r.other++;
      readers.set(input, r);
    });

  const quantized = new Map<string, { q: string; scale: string; zero: string }>();
  const newInitializers: Uint8Array[] = [];
  const dropped = new Set<string>();
  let weights = 0;
  const quantizedWeight = (name: string) => {
    let made = quantized.get(name);
    if (made) return made;
    const { weight } = matrices.get(name) as { weight: Weight };
    const [rows, cols] = weight.dims as [number, number];
    const { q, scales } = quantizeColumns(weight.values, rows, cols);
    made = { q: fresh(`${name}__int8`), scale: fresh(`${name}__scale`), zero: fresh(`${name}__zero`) };
    newInitializers.push(
      tensorProto(made.q, INT8, [rows, cols], new Uint8Array(q.buffer)),
      tensorProto(made.scale, FLOAT, [cols], new Uint8Array(scales.buffer)),
      tensorProto(made.zero, INT8, [], new Uint8Array(1)),
    );
    weights += q.length;
    quantized.set(name, made);
    if (!readers.get(name)?.other) dropped.add(name);
    return made;
  };

  let matmuls = 0;
  const newNodes: Uint8Array[] = [];
  for (const n of nodes) {
    const [x, w] = n.inputs;
    const out = n.outputs[0];
    if (n.opType !== 'MatMul' || n.domain || !x || !w || !out || !matrices.has(w)) {
      newNodes.push(n.bytes);
      continue;
    }
    const made = quantizedWeight(w);
    const base = n.name || out;
    const [xq, xScale, xZero, acc, accFloat, scale] = ['x_q', 'x_scale', 'x_zero', 'acc', 'acc_float', 'scale'].map((s) =>
      fresh(`${base}__${s}`),
    ) as [string, string, string, string, string, string];
    newNodes.push(
      nodeProto('DynamicQuantizeLinear', [x], [xq, xScale, xZero], fresh(`${base}__quantize`)),
      nodeProto('MatMulInteger', [xq, made.q, xZero, made.zero], [acc], fresh(`${base}__matmul_int`)),
      nodeProto('Cast', [acc], [accFloat], fresh(`${base}__cast`), { to: FLOAT }),
      nodeProto('Mul', [xScale, made.scale], [scale], fresh(`${base}__scales`)),
      nodeProto('Mul', [accFloat, scale], [out], fresh(`${base}__rescale`)),
    );
    matmuls++;
  }

  // The graph again, in its field order: nodes where the first node was, the new weights
  // where the first initializer was, replaced float weights (and their graph inputs) left out.
  const parts: Uint8Array[] = [];
  let nodesWritten = false;
  let initializersWritten = false;
  for (const f of gfs) {
    if (f.field === GRAPH.node) {
      if (!nodesWritten) parts.push(...newNodes.map((b) => lenField(GRAPH.node, b)));
      nodesWritten = true;
    } else if (f.field === GRAPH.initializer) {
      if (!initializersWritten) parts.push(...newInitializers.map((b) => lenField(GRAPH.initializer, b)));
      initializersWritten = true;
      const name = [...matrices.values()].find((m) => m.field === f)?.weight.name;
      if (name === undefined || !dropped.has(name)) parts.push(graph.subarray(f.start, f.end));
    } else if (f.field === GRAPH.input) {
      const vi = sub(graph, f);
      const nameField = fields(vi).find((x) => x.field === VALUE_INFO.name);
      if (!nameField || !dropped.has(text(vi, nameField))) parts.push(graph.subarray(f.start, f.end));
    } else {
      parts.push(graph.subarray(f.start, f.end));
    }
  }
  if (!nodesWritten) parts.push(...newNodes.map((b) => lenField(GRAPH.node, b)));
  if (!initializersWritten) parts.push(...newInitializers.map((b) => lenField(GRAPH.initializer, b)));
  const newGraph = concat(parts);
  const out = concat(top.map((f) => (f === graphField ? lenField(MODEL.graph, newGraph) : model.subarray(f.start, f.end))));
  return { bytes: out, report: { matmuls, weights } };
}
