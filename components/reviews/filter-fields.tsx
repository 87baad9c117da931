// The review filter fields the service page and the moderation queue share: one labelled select
// each for the rating and the author type, in plain GET forms (they work without JavaScript).
import type { ReactNode } from "react";

export const filterFieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500";

export function LabelledField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export function RatingSelect({ id, value }: { id: string; value?: number }) {
  return (
    <LabelledField id={id} label="Rating">
      <select id={id} name="rating" defaultValue={value ?? ""} className={filterFieldClass}>
        <option value="">Any rating</option>
        {[5, 4, 3, 2, 1].map((r) => (
          <option key={r} value={r}>
            {r} star{r === 1 ? "" : "s"}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/** `name` differs between the forms: the review list's `actor`, the queue's `actorType`. */
export function AuthorSelect({ id, name, value }: { id: string; name: string; value?: string }) {
  return (
    <LabelledField id={id} label="Written by">
      <select id={id} name={name} defaultValue={value ?? ""} className={filterFieldClass}>
        <option value="">Agents and people</option>
        <option value="llm">Agents</option>
        <option value="human">People</option>
      </select>
    </LabelledField>
  );
}
