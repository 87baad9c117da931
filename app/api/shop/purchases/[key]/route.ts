import { purchaseRecoveryRoute } from "@/server/http/payment-route";

export const { GET } = purchaseRecoveryRoute();
