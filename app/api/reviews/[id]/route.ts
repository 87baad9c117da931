import { freeRoutes } from "@/server/http/free-routes";
import { getReviewOperation } from "@/server/http/operations/review-operations";
import { reviseReviewOperation } from "@/server/http/operations/review-write-operations";

export const { GET, PATCH, POST, PUT, DELETE, OPTIONS } = freeRoutes(getReviewOperation, reviseReviewOperation);
