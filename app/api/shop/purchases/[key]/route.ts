import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { purchaseRecoveryRoute } from "@/server/http/payment-route";

export const { GET } = purchaseRecoveryRoute();

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
