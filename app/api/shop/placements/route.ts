import { productRoutes } from "@/server/http/payment-route";
import { placementProduct } from "@/server/products/placement-product";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = productRoutes(placementProduct);
