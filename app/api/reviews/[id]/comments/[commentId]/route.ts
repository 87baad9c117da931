import { freeRoutes } from "@/server/http/free-routes";
import {
  editReviewCommentOperation,
  deleteReviewCommentOperation,
} from "@/server/http/operations/review-write-operations";

export const { GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS } = freeRoutes(
  editReviewCommentOperation,
  deleteReviewCommentOperation,
);
