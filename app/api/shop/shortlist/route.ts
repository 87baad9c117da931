import { productRoutes } from "@/server/http/payment-route";
import { shortlistProduct } from "@/server/products/shortlist-product";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = productRoutes(shortlistProduct);
