"use client";
// A plain-text comment field with a visible character counter (the limit the server enforces).
import { useId } from "react";

export const COMMENT_MAX = 2000;

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max?: number;
  rows?: number;
  autoFocus?: boolean;
}

export function CommentTextField({ label, value, onChange, max = COMMENT_MAX, rows = 4, autoFocus }: Props) {
  const id = useId();
  const left = max - value.length;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={max}
        rows={rows}
        autoFocus={autoFocus}
        aria-describedby={`${id}-count`}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500"
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-xs ${left < 100 ? "text-amber-800" : "text-slate-600"}`}
        data-testid="char-counter"
      >
        {value.length} / {max} characters
      </p>
    </div>
  );
}
