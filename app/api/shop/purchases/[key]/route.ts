import { freeRoutes } from "@/server/http/free-routes";
import { recoverPurchaseOperation } from "@/server/http/operations/purchase-recovery-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(recoverPurchaseOperation);
