import { freeRoutes } from "@/server/http/free-routes";
import { createListingOperation, listListingsOperation } from "@/server/http/operations/listing-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(listListingsOperation, createListingOperation);
