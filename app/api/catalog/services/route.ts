import { freeRoutes } from "@/server/http/free-routes";
import { listCatalogServicesOperation } from "@/server/http/operations/catalog-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(listCatalogServicesOperation);
