import { Badge } from "@/components/ui/badge";
import type { TestStatus } from "@/server/catalog/vocabulary";

const LABELS: Record<TestStatus, { label: string; tone: "neutral" | "green" | "amber" }> = {
  untested: { label: "Untested", tone: "neutral" },
  "tested-output": { label: "Tested: returned output", tone: "green" },
  "tested-no-output": { label: "Tested: no output", tone: "amber" },
};

export function TestStatusBadge({ status }: { status: TestStatus }) {
  const { label, tone } = LABELS[status];
  return <Badge tone={tone}>{label}</Badge>;
}
