import { guideMarkdown } from "@/components/docs/markdown/guide-markdown";
import { textDocumentRoutes } from "@/server/http/text-document-route";
import { openApiDocument } from "@/server/http/openapi-document";
import { productChallenges } from "@/server/products/product-challenges";
import { PRODUCT_LIST } from "@/server/products/products";

// BASE_URL is read at run time, so the guide is not prerendered at build time.
export const dynamic = "force-dynamic";

export const { GET, POST, PUT, DELETE, PATCH, OPTIONS } = textDocumentRoutes(async () =>
  guideMarkdown(openApiDocument().document, PRODUCT_LIST, await productChallenges(PRODUCT_LIST)),
);
