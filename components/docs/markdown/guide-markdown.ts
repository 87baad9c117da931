// The API guide as markdown (/docs.md): what /docs shows, from the same sources: the OpenAPI document's
// description and tags, the product declarations with the 402 each route answers, the code snippets
// /docs renders, the MCP tools, the headers, and an index of every operation linking to its tag's page.
import { atomicToUsd } from "@/server/money";
import type { OpenApiDocument } from "@/server/openapi/openapi-types";
import type { ProductChallenge } from "@/server/products/product-challenges";
import { validatePath, type ProductDefinition } from "@/server/products/product";
import { curlChallenge, curlValidate, demoAgentCommand, spendControlLine, typescriptPurchase } from "../agent-snippets";
import { MCP_TOOLS, mcpHttpConfig, mcpStdioConfig, typedClientExample } from "../mcp-snippets";
import { accessText, documentOperations, referenceMarkdownPath } from "../reference-model";
import { headersMarkdown } from "./reference-markdown";
import { blocks, fenced, inlineCode, shiftHeadings, table } from "./markdown-text";

function productMarkdown(base: string, product: ProductDefinition, challenge: ProductChallenge | undefined): string {
  const snippet = { baseUrl: base, ...product };
  const price = atomicToUsd(product.priceAtomic);
  const spend = spendControlLine(product.priceAtomic);
  const delivery =
    product.delivery === "queued"
      ? `queued: a paid purchase answers ${product.successStatus} with an \`order\` and its private \`statusAuthorization\``
      : `immediate: a paid purchase answers ${product.successStatus} with the result`;
  return blocks(
    `### ${product.name}`,
    product.description,
    [
      `- Price: ${price} USD, fixed`,
      `- Paid with: ${product.protocols.join(", ")}`,
      `- Delivery: ${delivery}`,
      `- Operations: \`GET ${product.path}\` (the 402, free; ${inlineCode(product.describeOperationId)}), ` +
        `\`POST ${product.path}\` (buy; ${inlineCode(product.operationId)}), \`POST ${validatePath(product)}\` (check a body, free)`,
    ].join("\n"),
    spend &&
      `**Spend control.** The official x402 client (\`@x402/fetch\`) refuses any payment above 1 USD by default; ` +
        `this product costs ${price} USD, so the client needs \`.setSpendControls({ maxAmountPerPayment: "$${price}" })\` (in the example below).`,
    fenced(curlValidate(snippet), "sh"),
    fenced(curlChallenge(snippet), "sh"),
    challenge?.status === 402
      ? blocks(
          `<a id="${product.id}-402"></a>The 402 body, as the route sends it:\n\n${fenced(JSON.stringify(challenge.body, null, 2), "json")}`,
          `PAYMENT-REQUIRED, decoded:\n\n${fenced(JSON.stringify(challenge.paymentRequired, null, 2), "json")}`,
        ).trim()
      : `Payment is not available on this marketplace right now: the product answers ${challenge?.status ?? 503}.`,
    `Buy it with TypeScript and \`@x402/fetch\`:\n\n${fenced(typescriptPurchase(snippet), "ts")}`,
  ).trim();
}

function mcpMarkdown(base: string): string {
  return blocks(
    "## Use it from an agent (MCP)",
    `The marketplace is an MCP server: on your machine over stdio (it holds your key; run from a clone of the marketplace's repository), ` +
      `or hosted over streamable HTTP at ${base}/api/mcp (it holds no key: a paid tool called without payment returns the x402 terms; ` +
      `sign one of its \`accepts\` and call again with the PaymentPayload in \`_meta["x402/payment"]\`).`,
    `stdio:\n\n${fenced(mcpStdioConfig(base), "json")}`,
    `HTTP:\n\n${fenced(mcpHttpConfig(base), "json")}`,
    table(
      ["Tool", "What it does", "Costs"],
      MCP_TOOLS.map((t) => [inlineCode(t.name), t.does, t.spends]),
    ),
    `From TypeScript, the typed client (\`client/marketplace-client.ts\` in the repository):\n\n${fenced(typedClientExample(base), "ts")}`,
  ).trim();
}

/** Every operation of the document, one line each, under its tag with a link to the tag's page. */
export function operationIndexMarkdown(doc: OpenApiDocument): string {
  const base = doc.servers[0]!.url;
  const operations = documentOperations(doc);
  return doc.tags
    .map((tag) =>
      blocks(
        `### [${tag.name}](${base}${referenceMarkdownPath(tag.name)})`,
        tag.description,
        operations
          .filter((o) => o.tag === tag.name)
          .map(
            ({ path, method, op }) =>
              `- \`${method.toUpperCase()} ${path}\` (${inlineCode(op.operationId)}; ${accessText(op).join(", ")}): ${op.summary}`,
          )
          .join("\n"),
      ).trim(),
    )
    .join("\n\n");
}

export function guideMarkdown(
  doc: OpenApiDocument,
  products: readonly ProductDefinition[],
  challenges: readonly ProductChallenge[],
): string {
  const base = doc.servers[0]!.url;
  const [summary, ...rest] = doc.info.description.split("\n");
  const shortlist = products.find((p) => p.id === "shortlist") ?? products[0];
  return blocks(
    `# ${doc.info.title}`,
    `> ${summary}`,
    `Base URL: ${base}. Everything is JSON over HTTP; errors come back as \`{error, message, issues?}\`. ` +
      `The OpenAPI ${doc.openapi} document (version ${doc.info.version}): ${base}/openapi.json. ` +
      `This guide in HTML: ${base}/docs; an index for agents: ${base}/llms.txt.`,
    shiftHeadings(rest.join("\n").trim(), 0),
    shortlist &&
      blocks(
        "## See the 402 with curl, pay with @x402/fetch",
        fenced(curlChallenge({ baseUrl: base, ...shortlist }), "sh"),
        fenced(typescriptPurchase({ baseUrl: base, ...shortlist }), "ts"),
        `The marketplace's repository includes a demo buyer agent that does the same:\n\n${fenced(demoAgentCommand(base), "sh")}`,
      ).trim(),
    "## Products",
    `Every product is bought the same way: ask without paying for the 402, sign, send the identical request again. ` +
      `Before signing, \`POST …/validate\` with the body runs every check a purchase would, for free.`,
    ...products.map((p) =>
      productMarkdown(
        base,
        p,
        challenges.find((c) => c.productId === p.id),
      ),
    ),
    mcpMarkdown(base),
    "## Headers",
    headersMarkdown(doc),
    "## API reference",
    `One page per group, each with every parameter, answer and schema:`,
    operationIndexMarkdown(doc),
  );
}
