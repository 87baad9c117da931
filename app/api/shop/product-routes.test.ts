// Every product sold has its own static route file (app/api/shop/<segment>/route.ts, faster than the
// dynamic [product] route) and that file sells exactly that product: same 402 bytes as the dynamic
// route, its product object, never prerendered. A product listed without its file fails here.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { productRoutes } from "@/server/http/shop-routes";
import { productSegment } from "@/server/products/product";
import { PRODUCT_LIST } from "@/server/products/products";
import { shopRoute } from "@/test/shop-route";

type RouteModule = {
  GET: (r: Request) => Promise<Response>;
  POST: (r: Request) => Promise<Response>;
  PUT: (r: Request) => Promise<Response>;
  dynamic?: string;
};

describe("static product routes", () => {
  for (const product of PRODUCT_LIST) {
    const segment = productSegment(product);
    it(`${product.path} has its own route file that sells ${product.id}`, async () => {
      const file = path.join(process.cwd(), "app/api/shop", segment, "route.ts");
      expect(existsSync(file), `${file} is missing`).toBe(true);
      const route = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as RouteModule;
      expect(route.dynamic).toBe("force-dynamic");

      const url = `http://127.0.0.1${product.path}`;
      const [own, viaDynamic] = await Promise.all([
        route.GET(new Request(url)),
        shopRoute(segment).GET(new Request(url)),
      ]);
      expect(own.status).toBe(402);
      const body = await own.text();
      expect(body).toBe(await viaDynamic.text());
      expect((JSON.parse(body) as { product: { id: string } }).product.id).toBe(product.id);
      expect(own.headers.get("payment-required")).toBe(viaDynamic.headers.get("payment-required"));

      const put = await route.PUT(new Request(url, { method: "PUT" }));
      expect(put.status).toBe(405);
      expect(put.headers.get("allow")).toContain("POST");
    });
  }

  it("refuses a segment that names no product", () => {
    expect(() => productRoutes(PRODUCT_LIST, "nothing-here")).toThrow(/No product/);
  });
});
