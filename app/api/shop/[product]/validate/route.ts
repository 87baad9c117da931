import { shopValidateRoutes } from "@/server/http/shop-routes";
import { PRODUCT_LIST } from "@/server/products/products";

export const { POST, GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = shopValidateRoutes(PRODUCT_LIST);
