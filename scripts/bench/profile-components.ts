// Reads a V8 CPU profile (.cpuprofile) of the Next.js server and says which parts of the code its
// busy samples ran in. The production build bundles the sources into .next/server/chunks, so each
// sampled frame is mapped back through the chunk's source map (node:module's SourceMap) to its
// original file, then to a component by the first rule its path matches. A sample is counted where
// its innermost frame with a source is (self time), except the VM's own entries: the garbage
// collector and "(program)" (native code outside JavaScript: I/O, the event loop) count as
// themselves; idle samples are left out. A native addon's time (onnxruntime's session.run) counts
// in the addon's JavaScript frame that called it.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A component's label and the rule its source paths match. */
export type ComponentRule = [string, RegExp];

// The purchase's components (the default). First match wins; tested against the original source
// path (or the URL when no map applies).
const COMPONENTS: ComponentRule[] = [
  ["secp256k1 / keccak (@noble: signature recoveries, hashing)", /@noble\//],
  ["viem (EIP-712 hashing, ABI, address checks)", /node_modules\/(viem|ox|abitype)\//],
  ["x402 libraries (@x402/*: verify, settle, headers)", /@x402\//],
  ["local ledger facilitator (server/payments/facilitators)", /server\/payments\/facilitators\//],
  ["receipts (server/receipts, jose)", /server\/receipts\/|node_modules\/jose\//],
  ["payment flow (server/payments)", /server\/payments\//],
  ["shortlist fulfilment (server/shortlist, search, catalog)", /server\/(shortlist|search|catalog|products)\//],
  ["database client (pg, Prisma)", /node_modules\/(pg|pg-[a-z-]+|@prisma\/[a-z-]+|postgres-[a-z-]+)\//],
  ["zod (validation)", /node_modules\/zod\//],
  ["other app code (server/, app/)", /\/(server|app)\//],
  ["Next.js and React (routing, request and response)", /node_modules\/(next|react|react-dom)\//],
  ["Node.js internals (http, streams, timers)", /^node:|internal\//],
];
const GC = "(garbage collector)";
const PROGRAM = "(program) native: I/O, event loop, parsing outside JS";

/** Maps a frame to its original source file through the chunk's source map (cached per chunk). */
function sourceResolver(): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMap | null>();
  return (frame) => {
    if (!frame.url.startsWith("file://")) return frame.url;
    let map = maps.get(frame.url);
    if (map === undefined) {
      try {
        const file = fileURLToPath(frame.url);
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
      } catch {
        map = null;
      }
      maps.set(frame.url, map);
    }
    if (!map) return frame.url;
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
    // Turbopack's sources are URLs ("…/node_modules/%40noble/…"): the rules match plain paths. A
    // package's own map may name its sources relative to the file ("../lib/backend.ts" in
    // onnxruntime-node): resolved against the file, so the path keeps the package's name.
    let original = entry.originalSource ?? frame.url;
    try {
      original = decodeURIComponent(original);
    } catch {
      // kept as it is
    }
    return !original.includes("://") && !path.isAbsolute(original)
      ? path.resolve(path.dirname(fileURLToPath(frame.url)), original)
      : original;
  };
}

export interface ComponentShare {
  component: string;
  ms: number;
  share: number;
}

/** Busy time per component, largest first, and the profile's busy milliseconds; `rules` name the
 * components (the purchase's by default). */
export function profileComponents(
  file: string,
  rules: ComponentRule[] = COMPONENTS,
): { busyMs: number; components: ComponentShare[] } {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const source = sourceResolver();
  const componentOf = new Map<number, string | null>();
  const classify = (id: number): string | null => {
    const cached = componentOf.get(id);
    if (cached !== undefined) return cached;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    let result: string | null;
    if (name === "(idle)") result = null;
    else if (name === "(garbage collector)") result = GC;
    else if (name === "(program)") result = PROGRAM;
    else {
      const file = node.callFrame.url ? source(node.callFrame) : "";
      // A frame without a source (a builtin such as JSON.stringify) is tested as "builtin:<name>",
      // and counts where it was called from when no rule names it.
      const rule = rules.find(([, re]) => re.test(file || `builtin:${name}`));
      const up = parent.get(id);
      result = rule ? rule[0] : file ? `other: ${file.replace(/^.*node_modules\//, "")}` : up ? classify(up) : PROGRAM;
    }
    componentOf.set(id, result);
    return result;
  };
  const totals = new Map<string, number>();
  let busyMs = 0;
  profile.samples.forEach((id, i) => {
    const component = classify(id);
    if (component === null) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    busyMs += ms;
    totals.set(component, (totals.get(component) ?? 0) + ms);
  });
  const components = [...totals]
    .map(([component, ms]) => ({ component, ms, share: busyMs ? ms / busyMs : 0 }))
    .sort((a, b) => b.ms - a.ms);
  return { busyMs, components };
}
