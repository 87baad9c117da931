import { productRoutes } from "@/server/http/payment-route";
import { adProduct } from "@/server/products/ad-product";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = productRoutes(adProduct);
