// The API reference, rendered from the OpenAPI document (server/http/openapi-document.ts), which is assembled from
// the paid products' and the free operations' declarations. /docs carries the index (the headers, and each tag's
// operations in one line each); each tag's page (/docs/reference/<tag>) carries its operations in full and the
// schemas they reach, so no page holds the whole reference (1.4 MB of HTML when /docs did).
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  HeaderObject,
  HttpMethod,
  ResponseObject,
} from "@/server/openapi/openapi-types";
import { InlineText, MarkdownLite } from "./inline-text";
import { ReferenceTable } from "./reference-table";
import {
  documentOperations,
  headerItems,
  accessText,
  STATUS_TEXT,
  reachableSchemas,
  referenceMarkdownPath,
  referencePagePath,
  resolve,
} from "./reference-model";
import { SchemaView } from "./schema-view";
import { refName, rulesText, typeText, type Schema } from "./schema-text";

function MethodBadge({ method }: { method: string }) {
  const color = method === "get" ? "bg-emerald-100 text-emerald-900" : "bg-sky-100 text-sky-900";
  return <span className={`mr-2 rounded px-1.5 py-0.5 text-xs font-bold uppercase ${color}`}>{method}</span>;
}

function SchemaLink({ schema }: { schema: Schema }) {
  if (typeof schema.$ref !== "string") return <code>{typeText(schema)}</code>;
  const name = refName(schema.$ref);
  return (
    <a className="font-mono text-indigo-700 underline" href={`#schema-${name}`}>
      {name}
    </a>
  );
}

function ParameterTable({ parameters }: { parameters: ParameterObject[] }) {
  return (
    <ReferenceTable headings={["Parameter", "In", "Type, rules and meaning"]}>
      {parameters.map((p) => (
        <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 align-top">
          <td className="py-1 pr-3 font-mono">{p.name}</td>
          <td className="py-1 pr-3">{p.in}</td>
          <td className="py-1 text-slate-700">
            <code>{typeText(p.schema)}</code>
            {"; "}
            {[p.required ? "required" : "optional", ...rulesText(p.schema)].join("; ")}
            {p.description && (
              <>
                {". "}
                <InlineText text={p.description} />
              </>
            )}
          </td>
        </tr>
      ))}
    </ReferenceTable>
  );
}

function ResponseItem({ doc, status, response }: { doc: OpenApiDocument; status: string; response: ResponseObject }) {
  const headers = Object.entries(response.headers ?? {}).map(
    ([name, h]) => [name, resolve<HeaderObject>(doc, h)] as const,
  );
  const body = response.content?.["application/json"]?.schema;
  return (
    <li className="space-y-1 border-l-2 border-slate-200 pl-3">
      <p className="font-mono text-xs font-semibold">
        {status} {STATUS_TEXT[status] ?? ""}
      </p>
      <p>
        <InlineText text={response.description} />
      </p>
      {body && (
        <p className="text-xs">
          Body: <SchemaLink schema={body} />
        </p>
      )}
      {headers.length > 0 && (
        <ul className="text-xs text-slate-600">
          {headers.map(([name, h]) => (
            <li key={name}>
              Header{" "}
              <a className="font-mono font-semibold text-slate-800 underline" href={`/docs#header-${name}`}>
                {name}
              </a>
              {h.required ? "" : " (when applicable)"}: <code>{typeText(h.schema)}</code>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function RequestSchema({ schema }: { schema: Schema }) {
  return (
    <>
      {typeof schema.description === "string" && (
        <p className="text-xs">
          <InlineText text={schema.description} />
        </p>
      )}
      <SchemaView schema={schema} />
    </>
  );
}

/** The x402, token and idempotency headers, described once; responses link here. */
function HeaderList({ doc }: { doc: OpenApiDocument }) {
  const items = headerItems(doc);
  return (
    <dl className="space-y-2 text-sm text-slate-700">
      {items.map((h) => (
        <div key={h.name} id={`header-${h.name}`}>
          <dt className="font-mono text-xs font-semibold text-slate-900">
            {h.name}{" "}
            <span className="font-sans font-normal text-slate-500">
              ({h.direction}; {[typeText(h.schema), ...rulesText(h.schema)].join(", ")})
            </span>
          </dt>
          <dd>
            <InlineText text={h.description} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function OperationCard({
  doc,
  path,
  method,
  op,
}: {
  doc: OpenApiDocument;
  path: string;
  method: HttpMethod;
  op: OperationObject;
}) {
  const parameters = (op.parameters ?? []).map((p) => resolve<ParameterObject>(doc, p));
  const body = op.requestBody?.content["application/json"];
  const access = accessText(op)
    .map((text) => ` · ${text}`)
    .join("");
  return (
    <article
      id={op.operationId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700"
      aria-labelledby={`${op.operationId}-title`}
    >
      <header className="space-y-1">
        <h4 id={`${op.operationId}-title`} className="break-all font-mono text-sm font-semibold text-slate-900">
          <MethodBadge method={method} />
          {path}
        </h4>
        <p className="font-medium text-slate-900">{op.summary}</p>
        <p className="text-xs text-slate-500">
          operationId <code>{op.operationId}</code>
          {access}
        </p>
      </header>
      {op.description && (
        <p>
          <InlineText text={op.description} />
        </p>
      )}
      {parameters.length > 0 && <ParameterTable parameters={parameters} />}
      {op.requestBody && body && (
        <div className="space-y-1">
          <h5 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            Request body ({op.requestBody.required ? "required" : "optional"}): <SchemaLink schema={body.schema} />
          </h5>
          {op.requestBody.description && <p className="text-xs">{op.requestBody.description}</p>}
          <RequestSchema schema={resolve<Schema>(doc, body.schema)} />
        </div>
      )}
      <div className="space-y-2">
        <h5 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Responses</h5>
        <ul className="space-y-3">
          {Object.entries(op.responses).map(([status, response]) => (
            <ResponseItem key={status} doc={doc} status={status} response={response} />
          ))}
        </ul>
      </div>
    </article>
  );
}

const link = "text-indigo-700 underline";

/** On /docs: the headers, and each tag's operations in one line, linking to the tag's page. */
export function ApiReferenceIndex({ document: doc }: { document: OpenApiDocument }) {
  const operations = documentOperations(doc);
  return (
    <section className="space-y-6" aria-labelledby="api-reference">
      <div className="space-y-2">
        <h2 id="api-reference" className="text-xl font-semibold">
          API reference
        </h2>
        <p className="text-sm text-slate-700">
          Generated from the OpenAPI {doc.openapi} document, interface version {doc.info.version}:{" "}
          <a className={link} href="/openapi.json">
            /openapi.json
          </a>
          . Server: <code className="rounded bg-slate-100 px-1">{doc.servers[0]?.url}</code>. Each group below has its
          own page with every parameter, answer and schema, and the same in markdown for agents (
          <a className={link} href="/llms.txt">
            /llms.txt
          </a>{" "}
          lists them all).
        </p>
        <div className="text-sm text-slate-700">
          <MarkdownLite text={doc.info.description} />
        </div>
      </div>
      <div className="space-y-3">
        <h3 className="text-lg font-semibold">Headers</h3>
        <HeaderList doc={doc} />
      </div>
      {doc.tags.map((tag) => (
        <div key={tag.name} className="space-y-2">
          <h3 className="text-lg font-semibold">
            <a className={link} href={referencePagePath(tag.name)}>
              {tag.name}
            </a>
          </h3>
          <p className="text-sm text-slate-600">
            {tag.description}{" "}
            <a className={link} href={referenceMarkdownPath(tag.name)}>
              Markdown
            </a>
          </p>
          <ul className="space-y-1 text-sm">
            {operations
              .filter((o) => o.tag === tag.name)
              .map(({ path, method, op }) => (
                <li key={op.operationId} className="break-words">
                  <a
                    className="font-mono text-xs text-indigo-700 underline"
                    href={`${referencePagePath(tag.name)}#${op.operationId}`}
                  >
                    {method.toUpperCase()} {path}
                  </a>{" "}
                  <span className="text-slate-700">{op.summary}</span>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** A tag's page: its operations in full, then the named schemas they reach. */
export function TagReference({ document: doc, tag }: { document: OpenApiDocument; tag: string }) {
  const operations = documentOperations(doc).filter((o) => o.tag === tag);
  const schemas = reachableSchemas(
    doc,
    operations.map((o) => o.op),
  );
  return (
    <section className="space-y-6" aria-labelledby="tag-operations">
      <div className="space-y-3">
        <h2 id="tag-operations" className="text-xl font-semibold">
          Operations
        </h2>
        {operations.map(({ path, method, op }) => (
          <OperationCard key={op.operationId} doc={doc} path={path} method={method} op={op} />
        ))}
      </div>
      {schemas.length > 0 && (
        <div className="space-y-2">
          <h2 id="schemas" className="text-xl font-semibold">
            Schemas
          </h2>
          {schemas.map((name) => {
            const schema = doc.components.schemas[name]!;
            return (
              <details
                key={name}
                id={`schema-${name}`}
                className="rounded-md border border-slate-200 bg-white p-3 text-sm"
              >
                <summary className="cursor-pointer font-mono font-semibold">{name}</summary>
                <div className="mt-2 space-y-2">
                  {typeof schema.description === "string" && (
                    <p className="text-slate-700">
                      <InlineText text={schema.description} />
                    </p>
                  )}
                  <SchemaView schema={schema} />
                </div>
              </details>
            );
          })}
        </div>
      )}
    </section>
  );
}
