import { productRoutes } from "@/server/http/shop-routes";
import { PRODUCT_LIST } from "@/server/products/products";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = productRoutes(PRODUCT_LIST, "shortlist");
// Never prerendered at build: the 402 carries challenges that expire.
export const dynamic = "force-dynamic";
