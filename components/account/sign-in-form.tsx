"use client";
// Email and password sign-in through better-auth's client; on success a full page load of `next`
// (already checked to be a path on this site), so the header and every page see the new session.
import { authClient } from "./auth-client";
import { ErrorMessage, Field, primaryButtonClass } from "./form-parts";
import { useAuthSubmit } from "./use-auth-submit";

export function SignInForm({ next }: { next: string }) {
  const { error, pending, onSubmit } = useAuthSubmit(
    (form) => authClient.signIn.email({ email: String(form.get("email")), password: String(form.get("password")) }),
    "Could not sign in. Please try again.",
    next,
  );

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
