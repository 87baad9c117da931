// Preformatted code, rendered as text (never as HTML).
export function CodeBlock({ children, label }: { children: string; label?: string }) {
  return (
    <figure className="space-y-1">
      {label && <figcaption className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</figcaption>}
      {/* Focusable so keyboard users can scroll a long line (axe: scrollable-region-focusable). */}
      <pre tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
        <code>{children}</code>
      </pre>
    </figure>
  );
}
