"use client";
// The fields a probe cannot know, edited by the owner: name, description, website, docs URL, the
// capability (marked while it is the marketplace's guess), tags and facts with their sources. The
// server's zod issues are shown under their fields.
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

export function ListingEditForm({ listing }: { listing: ListingView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { draft } = listing;
  const [facts, setFacts] = useState(() => draft.facts.map((f) => ({ ...f })));
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
      <Issue id="listing-form-issue" issues={issues} name="" />
      <button type="submit" className={primaryButtonClass} disabled={edit.isPending}>
        {edit.isPending ? "Saving…" : "Save changes"}
      </button>
    </form>
  );
}
