import { freeRoutes } from "@/server/http/free-routes";
import { listReviewsOperation } from "@/server/http/operations/review-operations";
import { createReviewOperation } from "@/server/http/operations/review-write-operations";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(listReviewsOperation, createReviewOperation);
