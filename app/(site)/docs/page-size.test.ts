// /docs stays light (it was 1.4 MB of HTML with the whole reference on it): the served page is its markup
// plus the same tree again as the React Server Components payload, plus the layout, so its own markup
// must stay under 115 KB for the page to stay under 300 KB (e2e/ui/hostile-requests.spec.ts measures the
// served bytes). The reference lives on one page per tag, each holding only its operations and the schemas they reach.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/http/openapi-document";
import { docsPageHtml, referencePagesHtml } from "@/test/docs/docs-pages";

const KB = 1024;

describe("/docs and the reference pages", () => {
  it("/docs renders under 115 KB of markup and links every tag's page", async () => {
    const html = await docsPageHtml();
    const size = Buffer.byteLength(html);
    expect(size, `${size} bytes`).toBeLessThan(115 * KB);
    for (const tag of openApiDocument().document.tags)
      expect(html).toContain(`href="/docs/reference/${tag.name.toLowerCase()}"`);
  });

  it("each tag's page holds its own operations, and together they name every schema of the document", async () => {
    const { document } = openApiDocument();
    const pages = await referencePagesHtml();
    const all = [...pages.values()].join("\n");
    for (const name of Object.keys(document.components.schemas)) expect(all).toContain(`id="schema-${name}"`);
    for (const [tag, html] of pages) {
      expect(Buffer.byteLength(html), tag).toBeLessThan(250 * KB);
      expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight">${tag}</h1>`);
    }
    expect(pages.get("Catalog")).not.toContain('id="buySoftwareVendorShortlist"');
    expect(pages.get("Shop")).toContain('id="buySoftwareVendorShortlist"');
  });
});
