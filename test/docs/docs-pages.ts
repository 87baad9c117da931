// Test support (imported by *.test.ts): /docs and each tag's reference page (/docs/reference/<tag>), rendered
// to HTML as the server renders them.
import { renderToStaticMarkup } from "react-dom/server";
import DocsPage from "@/app/(site)/docs/page";
import TagReferencePage from "@/app/(site)/docs/reference/[tag]/page";
import { tagSlug } from "@/components/docs/reference-model";
import { openApiDocument } from "@/server/http/openapi-document";

export const docsPageHtml = async () => renderToStaticMarkup(await DocsPage());

/** Each tag's page, by tag name. */
export async function referencePagesHtml(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const tag of openApiDocument().document.tags)
    pages.set(
      tag.name,
      renderToStaticMarkup(await TagReferencePage({ params: Promise.resolve({ tag: tagSlug(tag.name) }) })),
    );
  return pages;
}

/** /docs and every reference page, one after the other: what a reader can reach from /docs. */
export async function allDocsHtml(): Promise<string> {
  return [await docsPageHtml(), ...(await referencePagesHtml()).values()].join("\n");
}
