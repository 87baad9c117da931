// The few ONNX protobuf messages the embedder builds (ModelProto, GraphProto, NodeProto,
// TensorProto, ValueInfoProto, AttributeProto), written by hand: onnxruntime-node accepts a model
// as bytes, so no protobuf library and no model file on disk are needed. Field numbers are those
// of onnx/onnx.proto (stable since IR version 3).

export const ONNX_FLOAT = 1;
export const ONNX_INT64 = 7;
export const ONNX_BOOL = 9;

export type Attr =
  | { name: string; i: number | bigint }
  | { name: string; f: number }
  | { name: string; ints: (number | bigint)[] }
  | { name: string; t: OnnxTensor };

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attrs?: Attr[];
}

export interface OnnxTensor {
  name: string;
  type: number; // ONNX_FLOAT | ONNX_INT64 | ONNX_BOOL
  dims: number[];
  raw: Uint8Array; // little-endian element bytes
}

export interface OnnxValue {
  name: string;
  type: number;
  dims: (number | string)[]; // a string names a dynamic dimension
}

class Writer {
  private chunks: Uint8Array[] = [];
  private size = 0;

  private push(b: Uint8Array) {
    this.chunks.push(b);
    this.size += b.length;
  }

  varint(v: number | bigint) {
    // Negative int64 values are written as their 64-bit two's complement (10 bytes).
    let n = BigInt.asUintN(64, BigInt(v));
    const out: number[] = [];
    do {
      let byte = Number(n & 0x7fn);
      n >>= 7n;
      if (n > 0n) byte |= 0x80;
      out.push(byte);
    } while (n > 0n);
    this.push(Uint8Array.from(out));
  }

  tag(field: number, wire: number) {
    this.varint((field << 3) | wire);
  }

  int(field: number, v: number | bigint) {
    this.tag(field, 0);
    this.varint(v);
  }

  bytes(field: number, b: Uint8Array) {
    this.tag(field, 2);
    this.varint(b.length);
    this.push(b);
  }

  string(field: number, s: string) {
    this.bytes(field, new TextEncoder().encode(s));
  }

  message(field: number, build: (w: Writer) => void) {
    const inner = new Writer();
    build(inner);
    this.bytes(field, inner.finish());
  }

  float(field: number, v: number) {
    this.tag(field, 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, v, true);
    this.push(b);
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

function writeTensor(w: Writer, t: OnnxTensor) {
  for (const d of t.dims) w.int(1, d);
  w.int(2, t.type);
  w.string(8, t.name);
  w.bytes(9, t.raw);
}

function writeAttr(w: Writer, a: Attr) {
  w.string(1, a.name);
  if ("i" in a) {
    w.int(3, a.i);
    w.int(20, 2);
  } else if ("f" in a) {
    w.float(2, a.f);
    w.int(20, 1);
  } else if ("ints" in a) {
    for (const v of a.ints) w.int(8, v);
    w.int(20, 7);
  } else {
    w.message(5, (m) => writeTensor(m, a.t));
    w.int(20, 4);
  }
}

function writeValueInfo(w: Writer, v: OnnxValue) {
  w.string(1, v.name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, v.type);
      tensor.message(2, (shape) => {
        for (const d of v.dims) shape.message(1, (dim) => (typeof d === "number" ? dim.int(1, d) : dim.string(2, d)));
      });
    }),
  );
}

/** Serialises a single-graph model (IR version 8, default domain at `opset`). */
export function encodeModel(
  graph: { nodes: OnnxNode[]; initializers: OnnxTensor[]; inputs: OnnxValue[]; outputs: OnnxValue[] },
  opset: number,
): Uint8Array {
  const w = new Writer();
  w.int(1, 8); // ir_version
  w.string(2, "tfjs-graph-to-onnx");
  w.message(7, (g) => {
    graph.nodes.forEach((n, i) =>
      g.message(1, (m) => {
        for (const x of n.inputs) m.string(1, x);
        for (const x of n.outputs) m.string(2, x);
        m.string(3, `n${i}_${n.op}`);
        m.string(4, n.op);
        for (const a of n.attrs ?? []) m.message(5, (am) => writeAttr(am, a));
      }),
    );
    g.string(2, "use_lite");
    for (const t of graph.initializers) g.message(5, (m) => writeTensor(m, t));
    for (const v of graph.inputs) g.message(11, (m) => writeValueInfo(m, v));
    for (const v of graph.outputs) g.message(12, (m) => writeValueInfo(m, v));
  });
  w.message(8, (o) => o.int(2, opset)); // opset_import, default domain
  return w.finish();
}
