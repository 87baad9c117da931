import { paidProductRoutes } from "@/server/http/payment-route";
import { shortlistProduct } from "@/server/products/shortlist-product";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const { GET, POST } = paidProductRoutes(shortlistProduct);

export const { PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET", "POST"]);
