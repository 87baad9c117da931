// GET /discovery/resources: the catalog's x402 offers in the Bazaar discovery list format, paged,
// and read back by importCatalog into the same offers.
import { offersBatchSettlement } from "@/server/payments/batch/batch-offer";
import type { DiscoveryResourcesResponse } from "@x402/extensions/bazaar";
import { describe, expect, it } from "vitest";
import { validateDiscoveryExtension, type DiscoveryExtension } from "@x402/extensions/bazaar";
import {
  discoveryListSchema,
  marketplaceDiscoveryListSchema,
  productResourceSchema,
  type DiscoveryList,
} from "@/server/catalog/discovery/list-discovery-resources";
import { PRODUCT_LIST } from "@/server/products/products";
import { importCatalog } from "@/server/catalog/import/import-catalog";
import { db } from "@/server/db";
import { buildOpenApiDocument } from "@/server/http/openapi-document";
import { GET, POST } from "./route";

async function list(query = "", headers: Record<string, string> = {}) {
  const res = await GET(new Request(`http://marketplace.test/discovery/resources${query}`, { headers }));
  return { res, status: res.status, body: res.status === 200 || res.status >= 400 ? await res.json() : null };
}

// The marketplace's own products head the list; the catalog's offers follow them.
const PRODUCTS = PRODUCT_LIST.length;
const offerItems = (items: { metadata: object }[]) =>
  items.filter((i) => !("marketplaceProduct" in i.metadata)) as DiscoveryList["items"];

const offerColumns = {
  id: true,
  serviceId: true,
  method: true,
  path: true,
  providerUrl: true,
  priceAtomic: true,
  description: true,
  network: true,
  asset: true,
  payTo: true,
  maxTimeoutSeconds: true,
} as const;

describe("GET /discovery/resources", () => {
  it("answers the Bazaar list shape: x402 v2 items with exact requirements, our ids in metadata", async () => {
    const { res, status, body } = await list(`?limit=3&offset=${PRODUCTS}`);
    expect(status).toBe(200);
    const parsed = discoveryListSchema.strict().parse(body);
    // The shape @x402/extensions' Bazaar client reads (checked by the type checker).
    const typed: DiscoveryResourcesResponse = parsed;
    expect(typed.items).toHaveLength(3);
    const total = await db.offer.count({ where: { protocol: "x402", payTo: { not: null } } });
    expect(body.pagination).toEqual({ limit: 3, offset: PRODUCTS, total: total + PRODUCTS });
    const item = (body as DiscoveryList).items[0]!;
    const offer = await db.offer.findUniqueOrThrow({
      where: { id: item.metadata.offerId },
      include: { service: true },
    });
    expect(item).toMatchObject({
      resource: `${offer.providerUrl}${offer.path}`,
      type: "http",
      x402Version: 2,
      accepts: [
        {
          scheme: "exact",
          network: offer.network,
          amount: String(offer.priceAtomic),
          asset: offer.asset,
          payTo: offer.payTo,
          maxTimeoutSeconds: offer.maxTimeoutSeconds,
        },
      ],
      lastUpdated: offer.service.catalogObservedAt.toISOString(),
      metadata: {
        serviceId: offer.serviceId,
        serviceSlug: offer.service.slug,
        method: offer.method,
        callUrl: `http://marketplace.test/api/x402/observe/${offer.id}`,
      },
    });
    expect(res.headers.get("ratelimit-limit")).not.toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("lists the marketplace's four products first, each as its 402 declares it (bazaar validated by the library)", async () => {
    const { status, body } = await list("?limit=6");
    expect(status).toBe(200);
    const parsed = marketplaceDiscoveryListSchema.strict().parse(body);
    const typed: DiscoveryResourcesResponse = parsed;
    expect(typed.items).toHaveLength(6);
    const products = body.items.slice(0, PRODUCTS).map((i: unknown) => productResourceSchema.strict().parse(i));
    expect(products.map((p: { metadata: { marketplaceProduct: string } }) => p.metadata.marketplaceProduct)).toEqual(
      PRODUCT_LIST.map((p) => p.id),
    );
    for (const [i, product] of PRODUCT_LIST.entries()) {
      const item = products[i]!;
      expect(item).toMatchObject({
        resource: `http://marketplace.test${product.path}`,
        type: "http",
        x402Version: 2,
        description: product.description,
        metadata: { method: "POST", operationId: product.operationId, delivery: product.delivery },
      });
      // exact first; the sub-cent products that deliver at once also take batch-settlement vouchers.
      expect(item.accepts[0]).toMatchObject({
        scheme: "exact",
        amount: String(product.priceAtomic),
        network: "eip155:84532",
      });
      expect(item.accepts.map((a: { scheme: string }) => a.scheme)).toEqual(
        offersBatchSettlement(product) ? ["exact", "batch-settlement"] : ["exact"],
      );
      const bazaar = item.extensions.bazaar as DiscoveryExtension;
      expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
      expect(bazaar.info.input).toMatchObject({ method: "POST", bodyType: "json", body: product.example });
      expect(item.extensions["payment-identifier"]).toMatchObject({ info: { required: false } });
    }
    expect(body.items[PRODUCTS].metadata.offerId).toEqual(expect.any(String));
    // A page that starts inside the products continues with the first offers.
    const straddling = await list(`?limit=3&offset=${PRODUCTS - 1}`);
    expect(
      straddling.body.items.map(
        (i: { metadata: { marketplaceProduct?: string; offerId?: string } }) =>
          i.metadata.marketplaceProduct ?? i.metadata.offerId,
      ),
    ).toEqual([
      PRODUCT_LIST.at(-1)!.id,
      body.items[PRODUCTS].metadata.offerId,
      body.items[PRODUCTS + 1].metadata.offerId,
    ]);
  });

  it("pages with limit and offset: pages are disjoint, cover every offer, and end empty", async () => {
    const { body: first } = await list();
    expect(first.pagination.limit).toBe(100);
    const total: number = first.pagination.total;
    expect(total).toBeGreaterThan(250);
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 120) {
      const { body } = await list(`?limit=120&offset=${offset}&type=http`);
      expect(body.items.length).toBe(Math.min(120, total - offset));
      seen.push(...offerItems(body.items).map((i: DiscoveryList["items"][number]) => i.metadata.offerId));
    }
    expect(new Set(seen).size).toBe(total - PRODUCTS);
    expect((await list(`?offset=${total}`)).body.items).toEqual([]);
    expect((await list("?limit=1000")).body.items).toHaveLength(Math.min(total, 1000));
    expect((await list("?type=mcp")).body).toEqual({
      x402Version: 2,
      items: [],
      pagination: { limit: 100, offset: 0, total: 0 },
    });
  });

  it("lists x402 offers only: an MPP offer, or one whose requirements are unknown, is left out", async () => {
    const [a, b] = await db.offer.findMany({ orderBy: { id: "asc" }, take: 2, select: { id: true } });
    const before = (await list()).body.pagination.total;
    await db.offer.update({ where: { id: a!.id }, data: { protocol: "mpp" } });
    await db.offer.update({ where: { id: b!.id }, data: { payTo: null } });
    const { body } = await list("?limit=1000");
    expect(body.pagination.total).toBe(before - 2);
    expect(offerItems(body.items).map((i) => i.metadata.offerId)).not.toContain(a!.id);
    expect(offerItems(body.items).map((i) => i.metadata.offerId)).not.toContain(b!.id);
  });

  it("400 on a bad query, 405 on other methods, 304 for a current ETag", async () => {
    for (const q of [
      "?limit=0",
      "?limit=1001",
      "?limit=abc",
      "?offset=-1",
      "?offset=1.5",
      "?offset=99999999",
      "?type=ftp",
      "?limit=%00",
      "?type=%00",
      "?limit=%20",
      "?offset=%F0%9F%92%A9",
      "?type=HTTP",
    ]) {
      const { status, body } = await list(q);
      expect(status, q).toBe(400);
      expect(body.error, q).toBe("invalid_request");
      expect(body.issues.length, q).toBeGreaterThan(0);
    }
    const post = POST(new Request("http://marketplace.test/discovery/resources", { method: "POST" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toContain("GET");

    const { res } = await list("?limit=5");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await list("?limit=5", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect((await list("?limit=6", { "if-none-match": etag })).status).toBe(200);
  });

  it("round trip: the list imported into an empty catalog reproduces the offers", async () => {
    const { body } = await list("?limit=1000");
    const offersBefore = await db.offer.findMany({
      where: { protocol: "x402", payTo: { not: null } },
      select: offerColumns,
      orderBy: { id: "asc" },
    });
    expect(body.items).toHaveLength(offersBefore.length + PRODUCTS);
    await db.$executeRaw`TRUNCATE services CASCADE`;
    expect(await db.offer.count()).toBe(0);

    const summary = await importCatalog({ x402Version: body.x402Version, items: body.items });
    expect(summary).toMatchObject({
      format: "bazaar",
      created: new Set(offersBefore.map((o) => o.serviceId)).size,
      offers: offersBefore.length,
    });
    expect(await db.offer.findMany({ select: offerColumns, orderBy: { id: "asc" } })).toEqual(offersBefore);
    // And the list it gives now is the list it gave.
    expect((await list("?limit=1000")).body).toEqual(body);
  });

  it("is in the OpenAPI document: its parameters and the list schema the route answers with", () => {
    type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const op = (buildOpenApiDocument("http://marketplace.test").paths as Json)["/discovery/resources"].get as Json;
    expect(op.operationId).toBe("listDiscoveryResources");
    expect(op.parameters.map((p: Json) => [p.name, p.in, p.required])).toEqual([
      ["limit", "query", false],
      ["offset", "query", false],
      ["type", "query", false],
    ]);
    expect(op.parameters[0].schema).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
    expect(op.parameters[2].schema.enum).toEqual(["http", "mcp"]);
    const schema = op.responses["200"].content["application/json"].schema as Json;
    expect(schema.required).toEqual(["x402Version", "items", "pagination"]);
    const [product, item] = schema.properties.items.items.anyOf as [Json, Json];
    expect(product!.required).toContain("extensions");
    expect(product!.properties.metadata.required).toContain("marketplaceProduct");
    expect(item.required).toEqual([
      "resource",
      "type",
      "x402Version",
      "accepts",
      "lastUpdated",
      "description",
      "serviceName",
      "tags",
      "metadata",
    ]);
    expect(item.properties.accepts.items.required).toEqual([
      "scheme",
      "network",
      "amount",
      "asset",
      "payTo",
      "maxTimeoutSeconds",
      "extra",
    ]);
    expect(item.properties.metadata.required).toContain("callUrl");
    expect(Object.keys(op.responses).sort()).toEqual(["200", "304", "400", "405", "429", "503"]);
  });
});
