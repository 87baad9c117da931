// What is known of each paid product outside the server: its id, the path it is sold at, its price
// and the schema of a paid answer. The product declarations (*-product.ts, listed in products.ts)
// take these fields from here, and the typed client (client/) derives its list of products and the
// answers it checks from it. Pure: zod schemas only, no database, env or logger (client/ imports it).
import { adPurchaseSchema } from "../ads/ad-record";
import { queuedPurchaseSchema } from "../orders/queued-purchase-schema";
import { shortlistPurchaseSchema } from "../shortlist/result-schema";

export const PRODUCT_MANIFEST = {
  shortlist: {
    id: "shortlist",
    path: "/api/shop/shortlist",
    priceAtomic: 1000 /* 0.001 USD */,
    resultSchema: shortlistPurchaseSchema,
  },
  placement: {
    id: "placement",
    path: "/api/shop/placements",
    priceAtomic: 10_000_000 /* 10.00 USD */,
    resultSchema: queuedPurchaseSchema,
  },
  evaluation: {
    id: "evaluation",
    path: "/api/shop/evaluations",
    priceAtomic: 49_000_000 /* 49.00 USD */,
    resultSchema: queuedPurchaseSchema,
  },
  ad: { id: "ad", path: "/api/shop/ads", priceAtomic: 2000 /* 0.002 USD */, resultSchema: adPurchaseSchema },
} as const;

type ManifestEntry = (typeof PRODUCT_MANIFEST)[keyof typeof PRODUCT_MANIFEST];
type SegmentOf<Path extends string> = Path extends `/api/shop/${infer Segment}` ? Segment : never;

/** The schema of each product's paid answer, by the path segment it is sold at (the typed client's product names). */
export type ProductResultSchemas = { [Entry in ManifestEntry as SegmentOf<Entry["path"]>]: Entry["resultSchema"] };

export const PRODUCT_RESULT_SCHEMAS = Object.fromEntries(
  Object.values(PRODUCT_MANIFEST).map((entry) => [
    entry.path.slice(entry.path.lastIndexOf("/") + 1),
    entry.resultSchema,
  ]),
) as ProductResultSchemas;
