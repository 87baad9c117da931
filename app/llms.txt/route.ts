import { llmsTxt } from "@/components/docs/markdown/llms-txt";
import { textDocumentRoutes } from "@/server/http/text-document-route";
import { openApiDocument } from "@/server/http/openapi-document";
import { PRODUCT_LIST } from "@/server/products/products";

// BASE_URL is read at run time, so the index is not prerendered at build time.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = textDocumentRoutes(() =>
  llmsTxt(openApiDocument().document, PRODUCT_LIST),
);
