// One /docs section per product of the registry, from its declaration: what it sells, its price,
// delivery and protocols, the free body check, a complete request body, and the 402 the route
// answers (body and decoded PAYMENT-REQUIRED, produced by the route's own code and handed in).
import { atomicToUsd } from "@/server/money";
import type { ProductChallenge } from "@/server/products/product-challenges";
import type { ProductDefinition } from "@/server/products/product";
import { validateOperationId, validatePath } from "@/server/products/product";
import { curlChallenge, curlValidate, exceedsDefaultSpendCap, typescriptPurchase } from "./agent-snippets";
import { CodeBlock } from "./code-block";
import { withoutExtensionSchemas } from "./decoded-challenge";

const c = "rounded bg-slate-100 px-1";
const link = "text-indigo-700 underline";

function Delivery({ product }: { product: ProductDefinition }) {
  return product.delivery === "queued" ? (
    <>
      queued: a paid purchase answers <strong>{product.successStatus}</strong> with an <code className={c}>order</code>{" "}
      and its private <code className={c}>statusAuthorization</code>
    </>
  ) : (
    <>
      immediate: a paid purchase answers <strong>{product.successStatus}</strong> with the result
    </>
  );
}

type Href = (operationId: string) => string;

function ProductSection({
  product,
  challenge,
  baseUrl,
  href,
}: {
  product: ProductDefinition;
  challenge: ProductChallenge | undefined;
  baseUrl: string;
  href: Href;
}) {
  const snippet = { baseUrl, ...product };
  const titleId = `product-${product.id}-title`;
  return (
    <article
      id={`product-${product.id}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700"
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {product.name}
      </h3>
      <p>{product.description}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-900">Price</dt>
        <dd>{atomicToUsd(product.priceAtomic)} USD, fixed</dd>
        <dt className="font-medium text-slate-900">Paid with</dt>
        <dd>{product.protocols.join(", ")}</dd>
        <dt className="font-medium text-slate-900">Delivery</dt>
        <dd>
          <Delivery product={product} />
        </dd>
        <dt className="font-medium text-slate-900">Operations</dt>
        <dd className="break-words">
          <a className={link} href={href(product.describeOperationId)}>
            GET {product.path}
          </a>{" "}
          (the 402, free),{" "}
          <a className={link} href={href(product.operationId)}>
            POST {product.path}
          </a>{" "}
          (buy),{" "}
          <a className={link} href={href(validateOperationId(product))}>
            POST {validatePath(product)}
          </a>{" "}
          (check a body, free)
        </dd>
      </dl>
      <CodeBlock label="shell: check a body before paying">{curlValidate(snippet)}</CodeBlock>
      <CodeBlock label="shell: the 402">{curlChallenge(snippet)}</CodeBlock>
      {exceedsDefaultSpendCap(product.priceAtomic) && (
        <p>
          <strong>Spend control.</strong> The official x402 client (<code className={c}>@x402/fetch</code>) refuses any
          payment above 1 USD by default; this product costs {atomicToUsd(product.priceAtomic)} USD, so the client needs{" "}
          <code
            className={c}
          >{`.setSpendControls({ maxAmountPerPayment: "$${atomicToUsd(product.priceAtomic)}" })`}</code>{" "}
          (in the example below).
        </p>
      )}
      {/* Folded: the whole purchase, for every product (the guide above shows the shortlist's open). */}
      <details className="rounded-md border border-slate-200 p-2">
        <summary className="cursor-pointer text-xs font-medium uppercase tracking-wide text-slate-600">
          Buy it with TypeScript and @x402/fetch
        </summary>
        <div className="mt-2">
          <CodeBlock>{typescriptPurchase(snippet)}</CodeBlock>
        </div>
      </details>
      {challenge?.status === 402 ? (
        // The 402 body carries the request's whole JSON Schema (the reference's request schema again): on /docs it
        // cost about 40 KB of the page, so it is in the markdown guide (/docs.md) and the route's own answer only.
        <>
          <p>
            The 402 body, as the route sends it (the product, its request schema and a complete example): in{" "}
            <a className={link} href={`/docs.md#${product.id}-402`}>
              /docs.md
            </a>{" "}
            and from <code className={c}>GET {product.path}</code> itself.
          </p>
          <details className="rounded-md border border-slate-200 p-2">
            <summary className="cursor-pointer text-xs font-medium uppercase tracking-wide text-slate-600">
              PAYMENT-REQUIRED, decoded
            </summary>
            <div className="mt-2">
              <CodeBlock>{JSON.stringify(withoutExtensionSchemas(challenge.paymentRequired), null, 2)}</CodeBlock>
              <p className="mt-1 text-xs text-slate-600">
                Each extension&apos;s <code className={c}>schema</code> (a JSON Schema; the bazaar one repeats the
                request schema and outlines the answer&apos;s) and the bazaar&apos;s <code className={c}>output</code>{" "}
                (an example answer) are left out here: decode the header <code className={c}>GET {product.path}</code>{" "}
                answers for all of it.
              </p>
            </div>
          </details>
        </>
      ) : (
        <p>
          Payment is not available on this marketplace right now: the product answers {challenge?.status ?? 503}
          {challenge ? (
            <>
              {" "}
              with <code className={c}>{JSON.stringify(challenge.body)}</code>
            </>
          ) : null}
          .
        </p>
      )}
    </article>
  );
}

export function ProductSections({
  products,
  challenges,
  baseUrl,
  href,
}: {
  products: readonly ProductDefinition[];
  challenges: readonly ProductChallenge[];
  baseUrl: string;
  /** Where the API reference describes an operation (its tag's page). */
  href: Href;
}) {
  return (
    <section id="products" className="space-y-4" aria-labelledby="products-title">
      <h2 id="products-title" className="text-xl font-semibold">
        Products
      </h2>
      <p className="text-sm text-slate-700">
        Every product is bought the same way (see{" "}
        <a className={link} href="#paying">
          How an agent pays
        </a>
        ): ask without paying for the 402, sign, send the identical request again. Before signing,{" "}
        <code className={c}>POST …/validate</code> with the body runs every check a purchase would, for free: 200{" "}
        <code className={c}>{`{"ok":true,"valid":true}`}</code> or 400 with the <code className={c}>issues</code>.
      </p>
      {products.map((product) => (
        <ProductSection
          key={product.id}
          product={product}
          challenge={challenges.find((ch) => ch.productId === product.id)}
          baseUrl={baseUrl}
          href={href}
        />
      ))}
    </section>
  );
}
