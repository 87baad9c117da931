// Text with `code` and **bold** spans, as the OpenAPI descriptions write them; rendered as React
// elements, never as HTML.
import type { ReactNode } from "react";

export function InlineText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(
      m[1] !== undefined ? (
        <code key={m.index} className="rounded bg-slate-100 px-1 text-[0.9em]">
          {m[1]}
        </code>
      ) : (
        <strong key={m.index}>{m[2]}</strong>
      ),
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** Paragraphs, `## ` headings and `1. ` numbered lists: the subset info.description uses. */
export function MarkdownLite({ text, headingLevel = 3 }: { text: string; headingLevel?: 3 | 4 }) {
  const blocks: ReactNode[] = [];
  const Heading = headingLevel === 3 ? "h3" : "h4";
  let list: string[] = [];
  const flush = () => {
    if (list.length === 0) return;
    blocks.push(
      <ol key={`ol-${blocks.length}`} className="list-decimal space-y-1 pl-5">
        {list.map((item, i) => (
          <li key={i}>
            <InlineText text={item} />
          </li>
        ))}
      </ol>,
    );
    list = [];
  };
  for (const line of text.split("\n")) {
    const item = /^\d+\.\s+(.*)$/.exec(line);
    if (item) {
      list.push(item[1]!);
      continue;
    }
    flush();
    if (line.trim() === "") continue;
    if (line.startsWith("## ")) {
      blocks.push(
        <Heading key={`h-${blocks.length}`} className="font-semibold text-slate-900">
          {line.slice(3)}
        </Heading>,
      );
    } else {
      blocks.push(
        <p key={`p-${blocks.length}`}>
          <InlineText text={line} />
        </p>,
      );
    }
  }
  flush();
  return <div className="space-y-2">{blocks}</div>;
}
