// /llms.txt (the llms.txt convention: a title, a summary, then lists of links an agent can follow):
// the guide, the OpenAPI document, each tag's markdown reference, and every operation of the document.
import type { OpenApiDocument } from "@/server/openapi/openapi-types";
import type { ProductDefinition } from "@/server/products/product";
import { atomicToUsd } from "@/server/money";
import { accessText, documentOperations, referenceMarkdownPath } from "../reference-model";
import { blocks } from "./markdown-text";

export function llmsTxt(doc: OpenApiDocument, products: readonly ProductDefinition[]): string {
  const base = doc.servers[0]!.url;
  const operations = documentOperations(doc);
  return blocks(
    `# ${doc.info.title}`,
    `> ${doc.info.description.split("\n")[0]}`,
    `Base URL: ${base}. Paid operations need no account: the price comes with a 402 (x402 v2), ` +
      `the official client \`@x402/fetch\` pays it (its spend control refuses more than 1 USD a payment by default: ` +
      `products above that show the \`setSpendControls\` line that allows their price). ` +
      `Products: ${products.map((p) => `${p.name} (${atomicToUsd(p.priceAtomic)} USD, \`POST ${p.path}\`)`).join("; ")}.`,
    "## Docs",
    [
      `- [API guide](${base}/docs.md): paying with x402, the products, MCP, headers, and an index of every operation`,
      `- [OpenAPI document](${base}/openapi.json): OpenAPI ${doc.openapi}, interface version ${doc.info.version}`,
      ...doc.tags.map((t) => `- [${t.name} reference](${base}${referenceMarkdownPath(t.name)}): ${t.description}`),
    ].join("\n"),
    "## Operations",
    ...doc.tags.map((t) =>
      blocks(
        `### ${t.name}`,
        operations
          .filter((o) => o.tag === t.name)
          .map(
            ({ path, method, op }) =>
              `- [${method.toUpperCase()} ${path}](${base}${referenceMarkdownPath(t.name)}): ${op.summary} (\`${op.operationId}\`; ${accessText(op).join(", ")})`,
          )
          .join("\n"),
      ).trim(),
    ),
    "## Optional",
    `- [Documentation (HTML)](${base}/docs): the same guide for people`,
  );
}
