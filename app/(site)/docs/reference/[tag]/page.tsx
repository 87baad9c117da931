import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TagReference } from "@/components/docs/api-reference";
import { referenceMarkdownPath, tagSlug } from "@/components/docs/reference-model";
import { openApiDocument } from "@/server/http/openapi-document";

// BASE_URL is read at run time (the document's server), as on /docs.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ tag: string }> };

function tagOf(slug: string) {
  return openApiDocument().document.tags.find((t) => tagSlug(t.name) === slug);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const tag = tagOf((await params).tag);
  return { title: tag ? `${tag.name} API reference` : "Not found" };
}

/** One tag of the API reference: its operations in full and the schemas they use. */
export default async function TagReferencePage({ params }: Props) {
  const tag = tagOf((await params).tag);
  if (!tag) notFound();
  const { document } = openApiDocument();
  return (
    <div className="max-w-3xl space-y-6">
      <header className="space-y-2">
        <p className="text-sm">
          <a className="text-indigo-700 underline" href="/docs#api-reference">
            Documentation
          </a>{" "}
          / API reference
        </p>
        <h1 className="text-3xl font-bold tracking-tight">{tag.name}</h1>
        <p className="text-slate-700">{tag.description}</p>
        <p className="text-sm text-slate-700">
          The same in markdown:{" "}
          <a className="text-indigo-700 underline" href={referenceMarkdownPath(tag.name)}>
            {referenceMarkdownPath(tag.name)}
          </a>
          ; the whole document:{" "}
          <a className="text-indigo-700 underline" href="/openapi.json">
            /openapi.json
          </a>
          .
        </p>
      </header>
      <TagReference document={document} tag={tag.name} />
    </div>
  );
}
