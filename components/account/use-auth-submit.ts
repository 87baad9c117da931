"use client";
// The submit of the sign-in and sign-up forms: one better-auth call with the form's fields; its
// refusal is shown inline, its success is a full page load of `next` (a path on this site, already
// checked), so the header and every page see the new session.
import { useState, type FormEvent } from "react";
import { authErrorMessage } from "./auth-client";

type AuthCall = (form: FormData) => Promise<{ error: { message?: string; status?: number } | null }>;

export function useAuthSubmit(call: AuthCall, failure: string, next: string) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const { error } = await call(form);
    if (error) {
      setPending(false);
      setError(authErrorMessage(error, failure));
      return;
    }
    window.location.assign(next);
  }

  return { error, pending, onSubmit };
}
