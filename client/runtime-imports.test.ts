// The client must run where the server does not (an agent's process, a browser bundle): follow
// every runtime import of client/ through the repository and fail on the database, env, logger,
// Prisma or server-only. eslint sees direct imports only; this sees the whole chain.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const FORBIDDEN = /(^|\/)(server\/db|server\/env|server\/logger|generated\/prisma)(\/|$)|^server-only$|^@prisma\/|^pino$|^pg$/;

/** Runtime import specifiers of a file (`import type` and `export type` are erased and skipped). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specs: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gms)) specs.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1]!);
  return specs;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base]) if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

function forbiddenChains(entry: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      const local = resolveLocal(file, spec);
      const name = local ? path.relative(ROOT, local).replace(/\.tsx?$/, "") : spec;
      if (FORBIDDEN.test(name)) found.push([...trail, path.relative(ROOT, file), name].join(" -> "));
      else if (local) walk(local, [...trail, path.relative(ROOT, file)]);
    }
  };
  walk(entry, []);
  return found;
}

describe("client/ runtime imports", () => {
  const files = fs.readdirSync(path.join(ROOT, "client")).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

  it("covers the client's modules", () => {
    expect(files).toContain("marketplace-client.ts");
  });

  it.each(files)("%s reaches no database, env, logger or Prisma module", (file) => {
    expect(forbiddenChains(path.join(ROOT, "client", file))).toEqual([]);
  });

  it("the walker does find a forbidden chain (it would fail if the client imported one)", () => {
    expect(forbiddenChains(path.join(ROOT, "server/catalog/search-services.ts")).some((c) => c.endsWith("server/db"))).toBe(true);
  });
});
