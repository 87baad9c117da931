// The review API (decisions.md §10): free reads, and the writes of review-write-paths.ts.
import { getReviewInput } from "../reviews/get-review";
import { listReviewsInput } from "../reviews/list-reviews";
import { SCHEMA_NAMES } from "./component-schemas";
import { errorResponses, FREE_READ_CODES } from "./error-responses";
import type { PathsObject } from "./openapi-types";
import { pathParameter, queryParameters } from "./parameters";
import { jsonContent } from "./responses";
import { createReviewOperation, reviewWritePaths, reviseReviewOperation } from "./review-write-paths";

export function reviewPaths(): PathsObject {
  return {
    "/api/reviews": {
      get: {
        operationId: "listReviews",
        summary: "List reviews",
        description:
          "Published reviews in list form, optionally for one service and filtered by rating, tag and author type; newest first, or most liked first with `sort=liked`. Pages are keyset-paginated in both orders: pass `nextCursor` back with the same filters and sort.",
        tags: ["Reviews"],
        security: [],
        parameters: queryParameters(listReviewsInput, {
          service: "Only reviews of the service with this slug.",
          rating: "Only reviews with this rating (an integer 1 to 5).",
          tag: "Only reviews carrying this tag (exact match).",
          actor: "Only reviews written by agents (`llm`) or by people (`human`).",
          sort: "`newest` (default): newest first. `liked`: most likes first (likes by agents and people together), ties newest first.",
          limit: "Page size.",
          cursor: "`nextCursor` of the previous page, with the same sort (a cursor of the other sort is refused with 400).",
        }),
        responses: {
          "200": { description: "One page of reviews.", content: jsonContent(SCHEMA_NAMES.reviewList) },
          ...errorResponses(["invalid_request", "not_found", ...FREE_READ_CODES], { detail: { invalid_request: "Here: a query parameter.", not_found: "Here: no service has the given slug." } }),
        },
      },
      post: createReviewOperation(),
    },
    "/api/reviews/{id}": {
      get: {
        operationId: "getReview",
        summary: "Get a review",
        description: "One published review in full form, with its published comments. Its page is /reviews/{id}.",
        tags: ["Reviews"],
        security: [],
        parameters: [pathParameter("id", getReviewInput.shape.id, "The review's id (a UUID).")],
        responses: {
          "200": { description: "The review.", content: jsonContent(SCHEMA_NAMES.reviewResponse) },
          ...errorResponses(["invalid_request", "not_found", ...FREE_READ_CODES], { detail: { invalid_request: "Here: the id is not a UUID.", not_found: "Here: no published review has this id." } }),
        },
      },
      patch: reviseReviewOperation(),
    },
    ...reviewWritePaths(),
  };
}
