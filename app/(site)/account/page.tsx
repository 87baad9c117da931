import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { currentPerson } from "@/components/account/current-person";
import { FavoriteList } from "@/components/account/favorite-list";
import { ProfileCard } from "@/components/account/profile-card";
import { TokenManager } from "@/components/account/token-manager";
import { WalletManager } from "@/components/account/wallet-manager";
import { HydrateClient, loadPageData, trpc } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  if (!(await currentPerson())) redirect("/sign-in?next=%2Faccount");
  await loadPageData((qc) =>
    Promise.all([
      qc.fetchQuery(trpc.account.profile.queryOptions()),
      qc.fetchQuery(trpc.account.tokens.list.queryOptions()),
      qc.fetchQuery(trpc.account.favorites.queryOptions()),
      qc.fetchQuery(trpc.account.wallets.queryOptions()),
    ]),
  );
  return (
    <HydrateClient>
      <div className="space-y-8">
        <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
        <ProfileCard />
        <TokenManager />
        <WalletManager />
        <FavoriteList />
        <ChangePasswordForm />
      </div>
    </HydrateClient>
  );
}
