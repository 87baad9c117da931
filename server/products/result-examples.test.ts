// Each product's example answer (the output its 402's bazaar extension shows) is an answer the
// product could give: it parses with the product's result schema and uses the configured base URL.
import { describe, expect, it } from "vitest";
import { baseUrl } from "../env";
import { PRODUCT_LIST } from "./products";

describe("the products' example answers", () => {
  it.each(PRODUCT_LIST.map((p) => [p.id, p] as const))("%s parses with its result schema", (_id, product) => {
    const example = product.resultExample();
    expect(product.resultSchema.parse(example)).toEqual(example);
    for (const url of JSON.stringify(example).match(/https?:\/\/[^"]+/g) ?? [])
      if (!url.startsWith("https://isobarweather.com")) expect(url.startsWith(baseUrl), url).toBe(true);
  });
});
