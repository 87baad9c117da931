// The e2e run's check that no secret reached the app's output (scripts/e2e.ts): every line the app
// printed during the run (its JSON logs, Next.js's own output) is scanned for the shapes of the
// credentials the specs used: signatures, marketplace tokens, order status credentials, payment and
// session credentials (server/observability/log-secrets.ts), and the specs' passwords
// (e2e/ui/pages/account-pages.ts makes each person's "pw-" + 12 base64url characters; the sign-in
// spec also tries a wrong one).
import { SECRET_SHAPES, type SecretShape } from "../../server/observability/log-secrets";

const E2E_SHAPES: readonly SecretShape[] = [
  ...SECRET_SHAPES,
  { name: "test password", pattern: /\bpw-[A-Za-z0-9_-]{12}(?![A-Za-z0-9_-])/g },
  { name: "test password", pattern: /not the right password/g },
];

export interface LeakedSecret {
  line: number;
  shape: string;
  /** The start of the match only: the report must not print the secret again. */
  hint: string;
}

/** Every secret-shaped match in the log text, by line (1-based). */
export function findSecrets(log: string): LeakedSecret[] {
  const found: LeakedSecret[] = [];
  log.split("\n").forEach((text, index) => {
    for (const { name, pattern } of E2E_SHAPES)
      for (const match of text.matchAll(new RegExp(pattern.source, "g")))
        found.push({ line: index + 1, shape: name, hint: `${match[0].slice(0, 8)}…` });
  });
  return found;
}
