import { freeRoutes } from "@/server/http/free-routes";
import { localFacilitatorSupportedOperation } from "@/server/http/operations/dev-facilitator-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(localFacilitatorSupportedOperation);
