// A JSON Schema of the OpenAPI document as a table of properties (or of alternatives).
import { InlineText } from "./inline-text";
import { ReferenceTable } from "./reference-table";
import { propertyRows, rulesText, typeText, type Schema } from "./schema-text";

function PropertyTable({ schema }: { schema: Schema }) {
  const rows = propertyRows(schema);
  return (
    <ReferenceTable headings={["Field", "Type", "Rules and meaning"]}>
      {rows.map((r) => (
        <tr key={r.name} className="border-b border-slate-100 align-top">
          <td className="py-1 pr-3 font-mono">{r.name}</td>
          <td className="py-1 pr-3 font-mono text-slate-700">{r.type}</td>
          <td className="py-1 text-slate-700">
            {[...(r.required ? ["required"] : []), ...r.rules].join("; ")}
            {r.description && (
              <>
                {r.rules.length > 0 || r.required ? ". " : ""}
                <InlineText text={r.description} />
              </>
            )}
          </td>
        </tr>
      ))}
    </ReferenceTable>
  );
}

export function SchemaView({ schema }: { schema: Schema }) {
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.every((a) => typeof a.properties === "object")) {
    return (
      <div className="space-y-2">
        <p className="text-xs text-slate-600">One of:</p>
        {alternatives.map((alt, i) => (
          <PropertyTable key={i} schema={alt} />
        ))}
      </div>
    );
  }
  if (typeof schema.properties === "object") {
    const closed = schema.additionalProperties === false;
    return (
      <div className="space-y-1">
        <PropertyTable schema={schema} />
        {closed && <p className="text-xs text-slate-600">No other properties are allowed.</p>}
      </div>
    );
  }
  const rules = rulesText(schema);
  return (
    <p className="font-mono text-xs">
      {typeText(schema)}
      {rules.length > 0 && <span className="font-sans text-slate-600"> ({rules.join(", ")})</span>}
    </p>
  );
}
