"use client";
// Changing one's password through better-auth (it checks the current one); other devices are
// signed out unless the person says otherwise.
import { useState, type FormEvent } from "react";
import { authClient, authErrorMessage } from "./auth-client";
import { ErrorMessage, Field, primaryButtonClass, SuccessMessage } from "./form-parts";
import { NewPasswordField } from "./new-password-field";
import { Section } from "./section";

export function ChangePasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setError(null);
    setDone(false);
    if (form.get("newPassword") !== form.get("confirmPassword")) {
      setError("The new passwords do not match.");
      return;
    }
    setPending(true);
    const { error } = await authClient.changePassword({
      currentPassword: String(form.get("currentPassword")),
      newPassword: String(form.get("newPassword")),
      revokeOtherSessions: form.get("revokeOtherSessions") === "on",
    });
    setPending(false);
    if (error) {
      setError(authErrorMessage(error, "Could not change the password. Please try again."));
      return;
    }
    formElement.reset();
    setDone(true);
  }

  return (
    <Section id="password" title="Change password">
      <form onSubmit={onSubmit} className="max-w-md space-y-4" aria-label="Change password">
        {error && <ErrorMessage>{error}</ErrorMessage>}
        {done && <SuccessMessage>Your password was changed.</SuccessMessage>}
        <Field
          id="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
        <NewPasswordField id="newPassword" label="New password" />
        <NewPasswordField id="confirmPassword" label="Repeat the new password" repeat />
        <div className="flex items-center gap-2">
          <input
            id="revokeOtherSessions"
            name="revokeOtherSessions"
            type="checkbox"
            defaultChecked
            className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600"
          />
          <label htmlFor="revokeOtherSessions" className="text-sm text-slate-800">
            Sign out my other devices
          </label>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={pending}>
          {pending ? "Changing…" : "Change password"}
        </button>
      </form>
    </Section>
  );
}
