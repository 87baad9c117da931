// /docs/<tag>.md: one tag of the API reference in markdown; any other name under /docs/ that no page
// serves is a JSON 404.
import { tagMarkdown } from "@/components/docs/markdown/reference-markdown";
import { tagSlug } from "@/components/docs/reference-model";
import { textDocumentRoutes } from "@/server/http/text-document-route";
import { openApiDocument } from "@/server/http/openapi-document";

// BASE_URL is read at run time, so the pages are not prerendered at build time.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = textDocumentRoutes(
  async ({ params }: { params: Promise<{ file: string }> }) => {
    const { file } = await params;
    const { document } = openApiDocument();
    const tag = document.tags.find((t) => `${tagSlug(t.name)}.md` === file);
    return tag && tagMarkdown(document, tag.name);
  },
);
