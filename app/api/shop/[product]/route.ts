import { shopProductRoutes } from "@/server/http/shop-routes";
import { PRODUCT_LIST } from "@/server/products/products";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = shopProductRoutes(PRODUCT_LIST);
