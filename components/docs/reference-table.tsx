// The small tables of the API reference (an operation's parameters, a schema's properties): three
// columns, the last one for rules and meaning.
import type { ReactNode } from "react";

export function ReferenceTable({
  headings,
  children,
}: {
  headings: readonly [string, string, string];
  children: ReactNode;
}) {
  return (
    // Focusable so keyboard users can scroll a wide table (axe: scrollable-region-focusable).
    <div tabIndex={0} className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              {headings[0]}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {headings[1]}
            </th>
            <th scope="col" className="py-1 font-medium">
              {headings[2]}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
