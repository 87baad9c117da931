// The API reference, rendered from the OpenAPI document (server/http/openapi-document.ts), which is assembled from
// the paid products' and the free operations' declarations: each operation is listed under its tag.
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  HeaderObject,
  HttpMethod,
  Reference,
  ResponseObject,
} from "@/server/openapi/openapi-types";
import { InlineText, MarkdownLite } from "./inline-text";
import { ReferenceTable } from "./reference-table";
import { SchemaView } from "./schema-view";
import { refName, rulesText, typeText, type Schema } from "./schema-text";

const METHODS: HttpMethod[] = ["get", "post", "put", "patch", "delete"];
const STATUS_TEXT: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "400": "Bad Request",
  "401": "Unauthorized",
  "402": "Payment Required",
  "403": "Forbidden",
  "404": "Not Found",
  "405": "Method Not Allowed",
  "409": "Conflict",
  "413": "Content Too Large",
  "415": "Unsupported Media Type",
  "422": "Unprocessable Content",
  "429": "Too Many Requests",
  "500": "Internal Server Error",
  "502": "Bad Gateway",
  "503": "Service Unavailable",
  "504": "Gateway Timeout",
};

// How an operation's security requirement reads on its card (scheme names: server/openapi).
const SCHEME_LABEL: Record<string, string> = {
  x402: "paid with x402 (PAYMENT-SIGNATURE)",
  marketplaceToken: "needs a marketplace token (X-Marketplace-Token)",
};

function resolve<T>(doc: OpenApiDocument, node: T | Reference): T {
  let current: unknown = node;
  for (let hops = 0; hops < 10 && typeof (current as Reference).$ref === "string"; hops++) {
    const path = (current as Reference).$ref.replace(/^#\//, "").split("/");
    current = path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc);
  }
  return current as T;
}

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
              <a className="font-mono font-semibold text-slate-800 underline" href={`#header-${name}`}>
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

/** The x402, token and idempotency headers, described once; responses link here. A header named
 * by more than one component (Idempotency-Key: purchases and review writes) is listed once. */
function HeaderList({ doc }: { doc: OpenApiDocument }) {
  const requestHeaders = Object.values(doc.components.parameters).filter((p) => p.in === "header");
  // An http scheme (MPP's `Payment`) travels in Authorization.
  const schemeHeaders = Object.values(doc.components.securitySchemes).map((s) => ({
    name: s.type === "http" ? "Authorization" : s.name,
    description: s.description,
    schema: { type: "string" },
  }));
  const all = [
    ...requestHeaders.map((p) => ({
      name: p.name,
      direction: "request",
      description: p.description ?? "",
      schema: p.schema,
    })),
    ...schemeHeaders.map((h) => ({ ...h, direction: "request" })),
    ...Object.entries(doc.components.headers).map(([name, h]) => ({
      name,
      direction: "response",
      description: h.description,
      schema: h.schema,
    })),
  ];
  const items = all.filter((h, i) => all.findIndex((o) => o.name === h.name) === i);
  for (const h of all) {
    const kept = items.find((o) => o.name === h.name)!;
    if (kept !== h && !kept.description.includes(h.description))
      kept.description = `${kept.description} ${h.description}`;
  }
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
  const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const access = schemes.length === 0 ? " · free" : schemes.map((name) => ` · ${SCHEME_LABEL[name] ?? name}`).join("");
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

export function ApiReference({ document: doc }: { document: OpenApiDocument }) {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ path, method, op: item[method] }] : [])),
  );
  return (
    <section className="space-y-6" aria-labelledby="api-reference">
      <div className="space-y-2">
        <h2 id="api-reference" className="text-xl font-semibold">
          API reference
        </h2>
        <p className="text-sm text-slate-700">
          Generated from the OpenAPI {doc.openapi} document, interface version {doc.info.version}:{" "}
          <a className="text-indigo-700 underline" href="/openapi.json">
            /openapi.json
          </a>
          . Server: <code className="rounded bg-slate-100 px-1">{doc.servers[0]?.url}</code>.
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
        <div key={tag.name} className="space-y-3">
          <h3 className="text-lg font-semibold">{tag.name}</h3>
          <p className="text-sm text-slate-600">{tag.description}</p>
          {operations
            .filter(({ op }) => op.tags?.includes(tag.name))
            .map(({ path, method, op }) => (
              <OperationCard key={op.operationId} doc={doc} path={path} method={method} op={op} />
            ))}
        </div>
      ))}
      <div className="space-y-2">
        <h3 id="schemas" className="text-lg font-semibold">
          Schemas
        </h3>
        {Object.entries(doc.components.schemas).map(([name, schema]) => (
          <details key={name} id={`schema-${name}`} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
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
        ))}
      </div>
    </section>
  );
}
