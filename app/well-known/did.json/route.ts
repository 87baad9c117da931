import { freeRoutes } from "@/server/http/free-routes";
import { getReceiptKeysOperation } from "@/server/http/operations/receipt-key-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(getReceiptKeysOperation);
