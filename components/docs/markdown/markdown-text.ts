// The few markdown constructs the agent-readable docs use, built from plain text: tables whose cells
// cannot break the row, fenced code whose fence no content can close, and a document's headings shifted
// under another's.

/** One table cell: no line breaks, no unescaped `|`. */
const cell = (text: string) => text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");

export function table(headings: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${headings.map(cell).join(" | ")} |`,
    `|${headings.map(() => " --- ").join("|")}|`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ].join("\n");
}

/** A fenced block, its fence one backtick longer than any run of backticks in the code. */
export function fenced(code: string, language = ""): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${code.replace(/\n$/, "")}\n${fence}`;
}

/** Inline code that survives backticks inside it. */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** `## x` -> `### x` (and so on) when a markdown text is placed under a heading of its own. */
export function shiftHeadings(text: string, by: number): string {
  return text.replace(/^(#{1,5}) /gm, (_, hashes: string) => `${"#".repeat(Math.min(6, hashes.length + by))} `);
}

/** Blocks separated by one blank line, empty ones left out. */
export const blocks = (...parts: (string | undefined | false)[]) =>
  parts.filter((p): p is string => typeof p === "string" && p.length > 0).join("\n\n") + "\n";
