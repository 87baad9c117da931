import { freeRoutes } from "@/server/http/free-routes";
import { searchCatalogOperation } from "@/server/http/operations/catalog-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(searchCatalogOperation);
