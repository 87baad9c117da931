"use client";
// Email and password sign-in through better-auth's client; on success a full page load of `next`
// (already checked to be a path on this site), so the header and every page see the new session.
import { useState, type FormEvent } from "react";
import { authClient, authErrorMessage } from "./auth-client";
import { ErrorMessage, Field, primaryButtonClass } from "./form-parts";

export function SignInForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const { error } = await authClient.signIn.email({ email: String(form.get("email")), password: String(form.get("password")) });
    if (error) {
      setPending(false);
      setError(authErrorMessage(error, "Could not sign in. Please try again."));
      return;
    }
    window.location.assign(next);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <Field id="email" label="Email" type="email" autoComplete="email" required maxLength={254} />
      <Field id="password" label="Password" type="password" autoComplete="current-password" required maxLength={128} />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
