// The zod issues of a refused tRPC call, per field: "website", "facts.0.source", … (the path under
// `prefix`, e.g. the edit's "changes"); what names no field goes under "".
import { TRPCClientError } from "@trpc/client";

export type FieldIssues = Record<string, string>;

export function fieldIssues(err: unknown, prefix?: string): FieldIssues {
  const issues = err instanceof TRPCClientError ? (err.data as { issues?: unknown } | undefined)?.issues : undefined;
  const found: FieldIssues = {};
  if (!Array.isArray(issues)) return found;
  // The error formatter sends each path joined with dots ("changes.facts.0.source").
  for (const issue of issues as { path?: string | (string | number)[]; message?: string }[]) {
    const path =
      typeof issue.path === "string" ? issue.path.split(".").filter((p) => p !== "") : [...(issue.path ?? [])];
    if (prefix && path[0] === prefix) path.shift();
    const key = path.join(".");
    found[key] ??= issue.message ?? "Not valid.";
  }
  return found;
}
