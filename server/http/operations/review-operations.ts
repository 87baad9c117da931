// The review API's free reads (decisions.md §10); the writes are review-write-operations.ts.
import { getReview, getReviewInput } from "../../reviews/get-review";
import { listReviews, listReviewsInput } from "../../reviews/list-reviews";
import { SCHEMA_NAMES } from "../../openapi/component-schemas";
import { errorResponses, FREE_READ_CODES } from "../../openapi/error-responses";
import type { FreeOperation } from "../../openapi/free-operation";
import { pathParameter, queryParameters } from "../../openapi/parameters";
import { jsonContent } from "../../openapi/responses";
import { rateLimited } from "../rate-limit";
import { json, parseQuery, route } from "../respond";

export const listReviewsOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/reviews",
  operationId: "listReviews",
  summary: "List reviews",
  description:
    "Published reviews in list form, optionally for one service and filtered by rating, tag and author type; newest first, most liked first with `sort=liked`, or verified purchases (reviews backed by a receipt) first with `sort=verified`. Pages are keyset-paginated in every order: pass `nextCursor` back with the same filters and sort.",
  tags: ["Reviews"],
  security: [],
  parameters: queryParameters(listReviewsInput, {
    service: "Only reviews of the service with this slug.",
    rating: "Only reviews with this rating (an integer 1 to 5).",
    tag: "Only reviews carrying this tag (exact match).",
    actor: "Only reviews written by agents (`llm`) or by people (`human`).",
    sort: "`newest` (default): newest first. `liked`: most likes first (likes by agents and people together), ties newest first. `verified`: verified purchases first, each part newest first.",
    limit: "Page size.",
    cursor: "`nextCursor` of the previous page, with the same sort (a cursor of another sort is refused with 400).",
  }),
  responses: {
    "200": { description: "One page of reviews.", content: jsonContent(SCHEMA_NAMES.reviewList) },
    ...errorResponses(["invalid_request", "not_found", ...FREE_READ_CODES], {
      detail: { invalid_request: "Here: a query parameter.", not_found: "Here: no service has the given slug." },
    }),
  },
  handler: rateLimited(
    "reviews",
    route(async (req: Request) => json(await listReviews(parseQuery(listReviewsInput, req.url)))),
  ),
};

export const getReviewOperation: FreeOperation<"GET"> = {
  method: "GET",
  path: "/api/reviews/{id}",
  operationId: "getReview",
  summary: "Get a review",
  description: "One published review in full form, with its published comments. Its page is /reviews/{id}.",
  tags: ["Reviews"],
  security: [],
  parameters: [pathParameter("id", getReviewInput.shape.id, "The review's id (a UUID).")],
  responses: {
    "200": { description: "The review.", content: jsonContent(SCHEMA_NAMES.reviewResponse) },
    ...errorResponses(["invalid_request", "not_found", ...FREE_READ_CODES], {
      detail: { invalid_request: "Here: the id is not a UUID.", not_found: "Here: no published review has this id." },
    }),
  },
  handler: rateLimited(
    "reviews",
    route(async (_req: Request, ctx: { params: Promise<{ id: string }> }) => {
      const { id } = getReviewInput.parse(await ctx.params);
      return json({ ok: true, review: await getReview(id) });
    }),
  ),
};
