"use client";
// Who is signed in: name, email, role and since when.
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { Section } from "./section";

export function ProfileCard() {
  const trpc = useTRPC();
  const { data: profile } = useSuspenseQuery(trpc.account.profile.queryOptions());
  return (
    <Section id="profile" title="Profile">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600">Name</dt>
        <dd className="break-words text-slate-900" data-testid="profile-name">
          {profile.name}
        </dd>
        <dt className="font-medium text-slate-600">Email</dt>
        <dd className="break-all text-slate-900" data-testid="profile-email">
          {profile.email}
        </dd>
        <dt className="font-medium text-slate-600">Role</dt>
        <dd data-testid="profile-role">
          {profile.role === "operator" ? <Badge tone="amber">Operator</Badge> : <Badge>Member</Badge>}
        </dd>
        <dt className="font-medium text-slate-600">Member since</dt>
        <dd className="text-slate-900">
          <time dateTime={profile.createdAt}>{formatDate(profile.createdAt)}</time>
        </dd>
      </dl>
    </Section>
  );
}
