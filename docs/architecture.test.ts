// The layout in docs/architecture.md names every folder and top-level file of server/ (generated/
// aside), and nothing that is gone: a new room of the service layer comes with its line there.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** The names indented right under `server/` in the layout block ("http/", "errors.ts", …). */
function layoutOfServer(): string[] {
  const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const layout = doc.slice(doc.indexOf("## Layout"));
  const block = layout.slice(layout.indexOf("```") + 3, layout.indexOf("```", layout.indexOf("```") + 3)).split("\n");
  const start = block.findIndex((line) => /^server\/(\s|$)/.test(line));
  expect(start, "docs/architecture.md's layout has a server/ line").toBeGreaterThanOrEqual(0);
  const names: string[] = [];
  for (const line of block.slice(start + 1)) {
    if (/^\S/.test(line)) break; // the next top-level entry
    const entry = /^ {2}(\S+)/.exec(line);
    if (entry?.[1]) names.push(entry[1]);
  }
  return names;
}

function serverOnDisk(): string[] {
  return readdirSync(path.join(root, "server"), { withFileTypes: true })
    .filter((e) => (e.isDirectory() ? e.name !== "generated" : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)))
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
}

describe("docs/architecture.md layout of server/", () => {
  it("names every folder and top-level file of server/", () => {
    const listed = new Set(layoutOfServer());
    expect(serverOnDisk().filter((name) => !listed.has(name))).toEqual([]);
  });

  it("names nothing that server/ no longer has", () => {
    const onDisk = new Set(serverOnDisk());
    expect(layoutOfServer().filter((name) => !onDisk.has(name))).toEqual([]);
  });
});
