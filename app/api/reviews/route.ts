import { json, parseQuery, route } from "@/server/http/respond";
import { rateLimited } from "@/server/http/rate-limit";
import { listReviews, listReviewsInput } from "@/server/reviews/list-reviews";
import { methodNotAllowed } from "@/server/http/method-not-allowed";

export const GET = rateLimited("reviews", route(async (req: Request) => json(await listReviews(parseQuery(listReviewsInput, req.url)))));

export const { POST, PUT, DELETE, PATCH, OPTIONS } = methodNotAllowed(["GET"]);
