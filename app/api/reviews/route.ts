import { json, parseQuery, route } from "@/server/http/respond";
import { listReviews, listReviewsInput } from "@/server/reviews/list-reviews";

export const GET = route(async (req: Request) => json(await listReviews(parseQuery(listReviewsInput, req.url))));
