import { freeRoutes } from "@/server/http/free-routes";
import { listDiscoveryResourcesOperation } from "@/server/http/operations/discovery-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(listDiscoveryResourcesOperation);
