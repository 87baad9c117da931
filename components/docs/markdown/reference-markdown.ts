// A tag of the API reference as markdown (/docs/<tag>.md): the same operations, parameters, answers and
// schemas as its HTML page (components/docs/api-reference.tsx), read from the same OpenAPI document.
import type {
  HeaderObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
} from "@/server/openapi/openapi-types";
import {
  accessText,
  documentOperations,
  headerItems,
  reachableSchemas,
  referencePagePath,
  resolve,
  STATUS_TEXT,
  type DocumentOperation,
} from "../reference-model";
import { propertyRows, refName, rulesText, typeText, type Schema } from "../schema-text";
import { blocks, inlineCode, table } from "./markdown-text";

const schemaName = (schema: Schema) =>
  typeof schema.$ref === "string" ? inlineCode(refName(schema.$ref)) : inlineCode(typeText(schema));

/** A schema's properties as a table, or its alternatives as one table each, or its type and rules. */
export function schemaMarkdown(schema: Schema): string {
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  const propertyTable = (s: Schema) =>
    table(
      ["Field", "Type", "Rules and meaning"],
      propertyRows(s).map((r) => [
        inlineCode(r.name),
        inlineCode(r.type),
        [[...(r.required ? ["required"] : []), ...r.rules].join("; "), r.description].filter(Boolean).join(". "),
      ]),
    );
  if (Array.isArray(alternatives) && alternatives.every((a) => typeof a.properties === "object"))
    return ["One of:", ...alternatives.map(propertyTable)].join("\n\n");
  if (typeof schema.properties === "object")
    return blocks(
      propertyTable(schema),
      schema.additionalProperties === false && "No other properties are allowed.",
    ).trim();
  const rules = rulesText(schema);
  return `${inlineCode(typeText(schema))}${rules.length ? ` (${rules.join(", ")})` : ""}`;
}

function parametersMarkdown(parameters: ParameterObject[]): string | undefined {
  if (parameters.length === 0) return undefined;
  return table(
    ["Parameter", "In", "Type, rules and meaning"],
    parameters.map((p) => [
      inlineCode(p.name),
      p.in,
      [
        [
          inlineCode(typeText(p.schema)),
          [p.required ? "required" : "optional", ...rulesText(p.schema)].join("; "),
        ].join("; "),
        p.description,
      ]
        .filter(Boolean)
        .join(". "),
    ]),
  );
}

function responseMarkdown(doc: OpenApiDocument, status: string, response: ResponseObject): string {
  const body = response.content?.["application/json"]?.schema;
  const headers = Object.entries(response.headers ?? {}).map(([name, h]) => {
    const header = resolve<HeaderObject>(doc, h);
    return `${inlineCode(name)}${header.required ? "" : " (when applicable)"}: ${inlineCode(typeText(header.schema))}`;
  });
  const lines = [
    `- **${status} ${STATUS_TEXT[status] ?? ""}**`.replace(/ \*\*$/, "**"),
    `  ${response.description.replace(/\n+/g, " ")}`,
    ...(body ? [`  Body: ${schemaName(body)}.`] : []),
    ...(headers.length ? [`  Headers: ${headers.join("; ")}.`] : []),
  ];
  return lines.join("\n");
}

/** One operation: heading `METHOD path`, its id, who may call it, parameters, body and answers. */
export function operationMarkdown(doc: OpenApiDocument, { path, method, op }: DocumentOperation): string {
  const parameters = (op.parameters ?? []).map((p) => resolve<ParameterObject>(doc, p));
  const body = op.requestBody?.content["application/json"];
  const bodySchema = body && resolve<Schema>(doc, body.schema);
  return blocks(
    `## ${method.toUpperCase()} ${path}`,
    `**${op.summary}**`,
    `operationId ${inlineCode(op.operationId)} · ${accessText(op).join(" · ")}`,
    op.description,
    parametersMarkdown(parameters) && `**Parameters**\n\n${parametersMarkdown(parameters)}`,
    body &&
      bodySchema &&
      blocks(
        `**Request body** (${op.requestBody!.required ? "required" : "optional"}): ${schemaName(body.schema)}`,
        op.requestBody!.description,
        typeof bodySchema.description === "string" && bodySchema.description,
        schemaMarkdown(bodySchema),
        body.example !== undefined && `Example:\n\n${fencedJson(body.example)}`,
      ).trim(),
    `**Responses**\n\n${Object.entries(op.responses)
      .map(([status, response]) => responseMarkdown(doc, status, response))
      .join("\n")}`,
  ).trim();
}

const fencedJson = (value: unknown) => "```json\n" + JSON.stringify(value, null, 2) + "\n```";

/** The headers the reference names, each once (the same list /docs shows). */
export function headersMarkdown(doc: OpenApiDocument): string {
  return headerItems(doc)
    .map(
      (h) =>
        `- ${inlineCode(h.name)} (${h.direction}; ${[typeText(h.schema), ...rulesText(h.schema)].join(", ")}): ${h.description.replace(/\n+/g, " ")}`,
    )
    .join("\n");
}

/** The operations of `tag` and the named schemas they reach, as one markdown page. */
export function tagMarkdown(doc: OpenApiDocument, tag: string): string {
  const base = doc.servers[0]!.url;
  const description = doc.tags.find((t) => t.name === tag)?.description;
  const operations = documentOperations(doc).filter((o) => o.tag === tag);
  const schemas = reachableSchemas(
    doc,
    operations.map((o) => o.op as OperationObject),
  );
  return blocks(
    `# ${tag}: API reference`,
    description && `> ${description}`,
    `Server: ${base}. Generated from the OpenAPI ${doc.openapi} document (version ${doc.info.version}, ${base}/openapi.json); ` +
      `the same page in HTML: ${base}${referencePagePath(tag)}; the guide and every other group: ${base}/docs.md. ` +
      `Headers named below are described in ${base}/docs.md#headers.`,
    ...operations.map((o) => operationMarkdown(doc, o)),
    schemas.length > 0 && "# Schemas",
    ...schemas.map((name) => {
      const schema = doc.components.schemas[name]!;
      return blocks(
        `## ${name}`,
        typeof schema.description === "string" && schema.description,
        schemaMarkdown(schema),
      ).trim();
    }),
  );
}
