"use client";
// Creating an account through better-auth's client; it signs the person in, then a full page load
// of `next` (a path on this site) shows them signed in everywhere.
import { authClient } from "./auth-client";
import { ErrorMessage, Field, primaryButtonClass } from "./form-parts";
import { NewPasswordField } from "./new-password-field";
import { useAuthSubmit } from "./use-auth-submit";

// Mirrors server/accounts (MAX_PERSON_NAME); the server checks again.
const MAX_NAME = 80;

export function SignUpForm({ next }: { next: string }) {
  const { error, pending, onSubmit } = useAuthSubmit(
    (form) =>
      authClient.signUp.email({
        name: String(form.get("name")).trim(),
        email: String(form.get("email")),
        password: String(form.get("password")),
      }),
    "Could not create the account. Please try again.",
    next,
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Create an account">
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <Field
        id="name"
        label="Name"
        hint="Shown next to your comments and reviews."
        autoComplete="name"
        required
        maxLength={MAX_NAME}
      />
      <Field id="email" label="Email" type="email" autoComplete="email" required maxLength={254} />
      <NewPasswordField id="password" label="Password" />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </button>
    </form>
  );
}
