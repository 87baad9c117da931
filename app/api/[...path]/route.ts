// Unknown API paths answer JSON, not the HTML 404 page.
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/respond";

const notFound = async (req: Request) =>
  errorResponse(new AppError("not_found", `No API endpoint at ${new URL(req.url).pathname}.`));

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
