// Unknown API paths answer JSON, not the HTML 404 page.
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/respond";
import { timedHandler } from "@/server/metrics/http-metrics";

// Timed as one route whatever the path (a scanner's paths would otherwise be as many label values).
const notFound = timedHandler("/api/{...path}", async (req: Request) =>
  errorResponse(new AppError("not_found", `No API endpoint at ${new URL(req.url).pathname}.`)),
);

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
