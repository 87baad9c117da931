// `npm start` builds only when there is no production build or a source file is newer than it.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "server",
  "proxy.ts",
  "instrumentation.ts",
  "prisma/schema.prisma",
  "next.config.mjs",
  "package-lock.json",
  "postcss.config.mjs",
];
const SKIP = new Set(["node_modules", "generated", ".next"]);

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (SKIP.has(entry) || entry.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function buildNeeded(root = process.cwd()): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}
