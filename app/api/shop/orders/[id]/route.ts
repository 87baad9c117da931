import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { orderStatusRoute } from "@/server/http/order-status-route";

export const { GET } = orderStatusRoute();

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
