import { paidProductRoutes } from "@/server/http/payment-route";
import { shortlistProduct } from "@/server/products/shortlist-product";

export const { GET, POST } = paidProductRoutes(shortlistProduct);
