"use client";
// The fields a probe cannot know, edited by the owner: name, description, website, docs URL, the
// capability (marked while it is the marketplace's guess), tags, facts with their sources, and each
// offer's example input (JSON, for the marketplace's test). The server's zod issues are shown under
// their fields; an example that is not a JSON object is refused here before anything is sent.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import {
  ErrorMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  SuccessMessage,
} from "@/components/account/form-parts";
import { errorMessage } from "@/components/reviews/error-message";
import { useTRPC } from "@/components/trpc/client";
import { CAPABILITIES, CAPABILITY_LABELS } from "@/server/catalog/vocabulary";
import type { ListingView } from "@/server/listings/listing-schema";
import { fieldIssues, type FieldIssues } from "./field-issues";

const labelClass = "block text-sm font-medium text-slate-800";

function Issue({ id, issues, name }: { id: string; issues: FieldIssues; name: string }) {
  if (!issues[name]) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {issues[name]}
    </p>
  );
}

const described = (issues: FieldIssues, name: string, id: string, hint?: string) =>
  [hint, issues[name] ? `${id}-issue` : undefined].filter(Boolean).join(" ") || undefined;

// The bazaar extension's own example of an offer's input ({type: "http", queryParams | body}), which
// a test sends when the owner gives none; null when the 402 declares none.
function bazaarExample(offer: ListingView["draft"]["offers"][number]): string | null {
  const input = offer.inputSchema as { type?: unknown; queryParams?: unknown; body?: unknown } | null;
  const example = input?.type === "http" ? (offer.method === "GET" ? input.queryParams : input.body) : undefined;
  return example && typeof example === "object" ? JSON.stringify(example) : null;
}

/** Each offer's example text as JSON objects (null when empty), or the issue of the first that is not one. */
function readExamples(
  offers: ListingView["draft"]["offers"],
  texts: string[],
): { examples: { resourceUrl: string; exampleInput: Record<string, unknown> | null }[] } | { issues: FieldIssues } {
  const examples = [];
  for (const [i, o] of offers.entries()) {
    const text = (texts[i] ?? "").trim();
    if (text === "") {
      examples.push({ resourceUrl: o.resourceUrl, exampleInput: null });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { issues: { [`offerExamples.${i}.exampleInput`]: "Not valid JSON." } };
    }
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return { issues: { [`offerExamples.${i}.exampleInput`]: 'A JSON object, e.g. {"ip": "203.0.113.45"}.' } };
    examples.push({ resourceUrl: o.resourceUrl, exampleInput: value as Record<string, unknown> });
  }
  return { examples };
}

export function ListingEditForm({ listing }: { listing: ListingView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { draft } = listing;
  const [facts, setFacts] = useState(() => draft.facts.map((f) => ({ ...f })));
  const [examples, setExamples] = useState(() =>
    draft.offers.map((o) => (o.exampleInput ? JSON.stringify(o.exampleInput, null, 2) : "")),
  );
  const [issues, setIssues] = useState<FieldIssues>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const edit = useMutation(
    trpc.listings.edit.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.listings.byId.queryKey({ id: updated.id }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.listings.mine.queryKey() });
        setSaved(true);
      },
      onError: (e) => {
        const found = fieldIssues(e, "changes");
        setIssues(found);
        setError(
          Object.keys(found).length > 0 ? "Some fields need a change: see below." : errorMessage(e, "Saving failed."),
        );
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIssues({});
    setError(null);
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    const url = (name: string) => (text(name).trim() === "" ? null : text(name).trim());
    const capability = text("primaryCapability");
    const read = readExamples(draft.offers, examples);
    if ("issues" in read) {
      setIssues(read.issues);
      setError("Some fields need a change: see below.");
      return;
    }
    edit.mutate({
      id: listing.id,
      changes: {
        name: text("name"),
        description: text("description"),
        website: url("website"),
        docsUrl: url("docsUrl"),
        ...(capability ? { primaryCapability: capability as (typeof CAPABILITIES)[number] } : {}),
        tags: text("tags")
          .split(",")
          .map((t) => t.trim())
          .filter((t) => t !== ""),
        facts,
        ...(draft.offers.length > 0 ? { offerExamples: read.examples } : {}),
      },
    });
  }

  const field = (name: "name" | "website" | "docsUrl", label: string, value: string | null, type = "text") => (
    <div>
      <label htmlFor={`listing-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`listing-${name}`}
        name={name}
        type={type}
        defaultValue={value ?? ""}
        className={inputClass}
        aria-invalid={issues[name] ? true : undefined}
        aria-describedby={described(issues, name, `listing-${name}`)}
      />
      <Issue id={`listing-${name}-issue`} issues={issues} name={name} />
    </div>
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Edit the listing">
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {saved && <SuccessMessage>Saved.</SuccessMessage>}
      {field("name", "Name", draft.name)}
      <div>
        <label htmlFor="listing-description" className={labelClass}>
          Description
        </label>
        <textarea
          id="listing-description"
          name="description"
          rows={4}
          defaultValue={draft.description}
          className={inputClass}
          aria-invalid={issues.description ? true : undefined}
          aria-describedby={described(issues, "description", "listing-description")}
        />
        <Issue id="listing-description-issue" issues={issues} name="description" />
      </div>
      {field("website", "Website (https)", draft.website, "url")}
      {field("docsUrl", "Docs URL (https)", draft.docsUrl, "url")}
      <div>
        <label htmlFor="listing-primaryCapability" className={labelClass}>
          Capability
        </label>
        <select
          id="listing-primaryCapability"
          name="primaryCapability"
          defaultValue={draft.primaryCapability ?? ""}
          className={inputClass}
          aria-invalid={issues.primaryCapability ? true : undefined}
          aria-describedby={described(
            issues,
            "primaryCapability",
            "listing-primaryCapability",
            "listing-capability-hint",
          )}
        >
          <option value="">Choose one…</option>
          {CAPABILITIES.map((c) => (
            <option key={c} value={c}>
              {CAPABILITY_LABELS[c]}
            </option>
          ))}
        </select>
        <p id="listing-capability-hint" className="mt-1 text-xs text-slate-600" data-testid="capability-hint">
          {draft.capabilityGuessed
            ? "Guessed by the marketplace from the 402 and the URLs: check it."
            : draft.primaryCapability
              ? "Chosen by you."
              : "The marketplace could not guess it: choose one before submitting."}
        </p>
        <Issue id="listing-primaryCapability-issue" issues={issues} name="primaryCapability" />
      </div>
      <div>
        <label htmlFor="listing-tags" className={labelClass}>
          Tags
        </label>
        <input
          id="listing-tags"
          name="tags"
          defaultValue={draft.tags.join(", ")}
          className={inputClass}
          aria-describedby={described(issues, "tags", "listing-tags", "listing-tags-hint")}
        />
        <p id="listing-tags-hint" className="mt-1 text-xs text-slate-600">
          Separated by commas; at most 30.
        </p>
        <Issue id="listing-tags-issue" issues={issues} name="tags" />
      </div>
      <fieldset className="space-y-3">
        <legend className={labelClass}>Facts, each with its source (https)</legend>
        <Issue id="listing-facts-issue" issues={issues} name="facts" />
        {facts.map((fact, i) => (
          <div
            key={i}
            className="space-y-2 rounded-md border border-slate-200 p-3"
            role="group"
            aria-label={`Fact ${i + 1}`}
          >
            <label htmlFor={`fact-${i}-text`} className={labelClass}>
              Fact {i + 1}
            </label>
            <input
              id={`fact-${i}-text`}
              value={fact.text}
              onChange={(e) => setFacts((all) => all.map((f, j) => (j === i ? { ...f, text: e.target.value } : f)))}
              className={inputClass}
              aria-invalid={issues[`facts.${i}.text`] ? true : undefined}
              aria-describedby={described(issues, `facts.${i}.text`, `fact-${i}-text`)}
            />
            <Issue id={`fact-${i}-text-issue`} issues={issues} name={`facts.${i}.text`} />
            <label htmlFor={`fact-${i}-source`} className={labelClass}>
              Source of fact {i + 1}
            </label>
            <input
              id={`fact-${i}-source`}
              type="url"
              value={fact.source}
              onChange={(e) => setFacts((all) => all.map((f, j) => (j === i ? { ...f, source: e.target.value } : f)))}
              className={inputClass}
              aria-invalid={issues[`facts.${i}.source`] ? true : undefined}
              aria-describedby={described(issues, `facts.${i}.source`, `fact-${i}-source`)}
            />
            <Issue id={`fact-${i}-source-issue`} issues={issues} name={`facts.${i}.source`} />
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => setFacts((all) => all.filter((_, j) => j !== i))}
            >
              Remove fact {i + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => setFacts((all) => [...all, { text: "", source: "" }])}
        >
          Add a fact
        </button>
      </fieldset>
      {draft.offers.length > 0 && (
        <fieldset className="space-y-3">
          <legend className={labelClass}>Example input of each offer (JSON)</legend>
          <p className="text-xs text-slate-600">
            What the marketplace sends when it tests an offer: the query parameters of a GET, the JSON body of a POST.
            Left empty, the offer&apos;s own bazaar example is used, else no input.
          </p>
          {draft.offers.map((o, i) => {
            const name = `offerExamples.${i}.exampleInput`;
            return (
              <div key={o.resourceUrl}>
                <label htmlFor={`example-${i}`} className="block break-all text-sm text-slate-800">
                  <span className="font-medium">{o.method}</span> <code className="text-xs">{o.resourceUrl}</code>
                </label>
                <textarea
                  id={`example-${i}`}
                  rows={3}
                  value={examples[i] ?? ""}
                  onChange={(e) => setExamples((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
                  placeholder={bazaarExample(o) ?? ""}
                  spellCheck={false}
                  className={`${inputClass} font-mono text-xs`}
                  aria-invalid={issues[name] ? true : undefined}
                  aria-describedby={described(issues, name, `example-${i}`)}
                />
                <p className="mt-1 text-xs text-slate-600">
                  {bazaarExample(o)
                    ? `Left empty, the test sends the 402's bazaar example: ${bazaarExample(o)}`
                    : "This 402 declares no bazaar example: left empty, the test sends no input."}
                </p>
                <Issue id={`example-${i}-issue`} issues={issues} name={name} />
              </div>
            );
          })}
        </fieldset>
      )}
      <Issue id="listing-form-issue" issues={issues} name="" />
      <button type="submit" className={primaryButtonClass} disabled={edit.isPending}>
        {edit.isPending ? "Saving…" : "Save changes"}
      </button>
    </form>
  );
}
