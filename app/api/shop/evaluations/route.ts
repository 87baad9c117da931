import { productRoutes } from "@/server/http/payment-route";
import { evaluationProduct } from "@/server/products/evaluation-product";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = productRoutes(evaluationProduct);
