// The client and the MCP server must run where the server does not (an agent's process, a browser
// bundle, `npm run mcp` pointed at a remote marketplace): follow every runtime import of client/,
// mcp/ and scripts/mcp.ts through the repository and fail on the database, env, logger, Prisma or
// server-only. eslint sees direct imports only; this sees the whole chain.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const FORBIDDEN =
  /(^|\/)(server\/db|server\/env|server\/logger|generated\/prisma)(\/|$)|^server-only$|^@prisma\/|^pino$|^pg$/;

/** Runtime import specifiers of a file (`import type` and `export type` are erased and skipped). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specs: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gms))
    specs.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specs.push(m[1]!);
  return specs;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
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

/** The non-test modules under `dir`, at any depth, relative to the repository. */
function modulesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => path.join(dir, f))
    .sort();
}

describe("client/, mcp/ and scripts/mcp.ts runtime imports", () => {
  const files = [...modulesUnder("client"), ...modulesUnder("mcp"), "scripts/mcp.ts"];

  it("covers the client, the MCP server with its tools, and the stdio entry point", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "client/marketplace-client.ts",
        "mcp/create-mcp-server.ts",
        "mcp/http-handler.ts",
        "mcp/tools/buy-shortlist.ts",
        "scripts/mcp.ts",
      ]),
    );
  });

  it.each(files)("%s reaches no database, env, logger or Prisma module", (file) => {
    expect(forbiddenChains(path.join(ROOT, file))).toEqual([]);
  });

  it("the walker does find a forbidden chain (it would fail if the client imported one)", () => {
    expect(
      forbiddenChains(path.join(ROOT, "server/catalog/search-services.ts")).some((c) => c.endsWith("server/db")),
    ).toBe(true);
    // Only through other modules: the route of /api/mcp imports neither env nor the logger itself.
    expect(
      forbiddenChains(path.join(ROOT, "app/api/mcp/route.ts")).some(
        (c) => c.split(" -> ").length > 2 && c.endsWith("server/env"),
      ),
    ).toBe(true);
  });
});
