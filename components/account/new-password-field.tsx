// A field where a person chooses a password (sign-up, change password), with the length rules.
import { Field } from "./form-parts";

// Mirrors server/accounts (MIN_PASSWORD_LENGTH); the server checks again.
const MIN_PASSWORD = 10;

/** `repeat`: the field that repeats the new password, which needs no hint. */
export function NewPasswordField({ id, label, repeat = false }: { id: string; label: string; repeat?: boolean }) {
  return (
    <Field
      id={id}
      label={label}
      hint={repeat ? undefined : `At least ${MIN_PASSWORD} characters.`}
      type="password"
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD}
      maxLength={128}
    />
  );
}
