// The few parts of ONNX's protobuf encoding that the model rewrites need (workers/onnx-half.ts,
// workers/onnx-int8.ts): a message is walked field by field, and whatever a rewrite does not
// touch is copied through byte for byte. Pure.

export interface Field {
  field: number;
  wire: number;
  /** Where the whole field (key included) starts and ends in the message. */
  start: number;
  end: number;
  /** Length-delimited fields: where the payload starts (it ends at `end`). Else the value. */
  payload: number;
  varint?: bigint;
}

export function readVarint(buf: Uint8Array, pos: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    if (pos >= buf.length) throw new Error('truncated varint');
    const b = buf[pos++] as number;
    result |= BigInt(b & 0x7f) << shift;
    if (!(b & 0x80)) return [result, pos];
    shift += 7n;
    if (shift > 63n) throw new Error('varint too long');
  }
}

/** The fields of one message, in order. */
export function fields(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    const [key, p] = readVarint(buf, pos);
    pos = p;
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      const [v, q] = readVarint(buf, pos);
      out.push({ field, wire, start, end: q, payload: pos, varint: v });
      pos = q;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      out.push({ field, wire, start, end: pos + size, payload: pos });
      pos += size;
    } else if (wire === 2) {
      const [len, q] = readVarint(buf, pos);
      const end = q + Number(len);
      if (end > buf.length) throw new Error(`field ${field} runs past the end of its message`);
      out.push({ field, wire, start, end, payload: q });
      pos = end;
    } else {
      throw new Error(`unsupported protobuf wire type ${wire} (field ${field})`);
    }
  }
  return out;
}

export const sub = (buf: Uint8Array, f: Field) => buf.subarray(f.payload, f.end);
export const text = (buf: Uint8Array, f: Field) => new TextDecoder().decode(sub(buf, f));

export function varintBytes(v: number | bigint): number[] {
  let x = BigInt.asUintN(64, BigInt(v));
  const out: number[] = [];
  do {
    let b = Number(x & 0x7fn);
    x >>= 7n;
    if (x) b |= 0x80;
    out.push(b);
  } while (x);
  return out;
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}

const keyBytes = (field: number, wire: number) => new Uint8Array(varintBytes((field << 3) | wire));
export const lenField = (field: number, payload: Uint8Array) =>
  concat([keyBytes(field, 2), new Uint8Array(varintBytes(payload.length)), payload]);
export const strField = (field: number, s: string) => lenField(field, new TextEncoder().encode(s));
export const intField = (field: number, v: number) => concat([keyBytes(field, 0), new Uint8Array(varintBytes(v))]);

// ---- ONNX (field numbers from onnx.proto) -------------------------------------------------

export const MODEL = { graph: 7 };
export const GRAPH = { node: 1, initializer: 5, input: 11 };
export const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 };
export const ATTR = { name: 1, i: 3, t: 5, type: 20 };
export const TENSOR = { dims: 1, dataType: 2, floatData: 4, name: 8, rawData: 9, externalData: 13 };
export const VALUE_INFO = { name: 1, type: 2 };
export const TYPE = { tensor: 1 };
export const TENSOR_TYPE = { elemType: 1 };

// TensorProto.DataType
export const FLOAT = 1;
export const BOOL = 9;
export const FLOAT16 = 10;
export const INT64 = 7;

export interface NodeView {
  fields: Field[];
  bytes: Uint8Array;
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  name: string;
  /** Integer attributes by name (Cast's `to`). */
  ints: Map<string, number>;
  /** Tensor attributes by name (Constant's `value`, ConstantOfShape's `value`): the TensorProto bytes. */
  tensors: Map<string, Uint8Array>;
}

export function viewNode(bytes: Uint8Array): NodeView {
  const fs = fields(bytes);
  const ints = new Map<string, number>();
  const tensors = new Map<string, Uint8Array>();
  for (const a of fs.filter((f) => f.field === NODE.attribute)) {
    const attr = sub(bytes, a);
    const af = fields(attr);
    const nameField = af.find((f) => f.field === ATTR.name);
    if (!nameField) continue;
    const name = text(attr, nameField);
    const i = af.find((f) => f.field === ATTR.i);
    if (i?.varint !== undefined) ints.set(name, Number(BigInt.asIntN(64, i.varint)));
    const t = af.find((f) => f.field === ATTR.t);
    if (t) tensors.set(name, sub(attr, t));
  }
  const str = (n: number) => {
    const f = fs.find((x) => x.field === n);
    return f ? text(bytes, f) : '';
  };
  return {
    fields: fs,
    bytes,
    opType: str(NODE.opType),
    domain: str(NODE.domain),
    inputs: fs.filter((f) => f.field === NODE.input).map((f) => text(bytes, f)),
    outputs: fs.filter((f) => f.field === NODE.output).map((f) => text(bytes, f)),
    name: str(NODE.name),
    ints,
    tensors,
  };
}
