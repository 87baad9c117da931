// The review API (decisions.md §10): free reads, and the writes of review-write-paths.ts.
import { getReviewInput } from "../reviews/get-review";
import { listReviewsInput } from "../reviews/list-reviews";
import { SCHEMA_NAMES } from "./component-schemas";
import type { PathsObject } from "./openapi-types";
import { pathParameter, queryParameters } from "./parameters";
import { freeReadResponses, jsonContent } from "./responses";
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
          "400": { description: "invalid_request: a query parameter breaks its rules (see `issues`).", content: jsonContent(SCHEMA_NAMES.apiError) },
          "404": { description: "not_found: no service has the given slug.", content: jsonContent(SCHEMA_NAMES.apiError) },
          ...freeReadResponses(),
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
        parameters: [pathParameter("id", getReviewInput.shape.id, "The review's id (a UUID).")],
        responses: {
          "200": { description: "The review.", content: jsonContent(SCHEMA_NAMES.reviewResponse) },
          "400": { description: "invalid_request: the id is not a UUID.", content: jsonContent(SCHEMA_NAMES.apiError) },
          "404": { description: "not_found: no published review has this id.", content: jsonContent(SCHEMA_NAMES.apiError) },
          ...freeReadResponses(),
        },
      },
      patch: reviseReviewOperation(),
    },
    ...reviewWritePaths(),
  };
}
