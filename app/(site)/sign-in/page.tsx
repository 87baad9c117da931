import type { Metadata } from "next";
import { AuthCard, nextUnlessSignedIn, type AuthPageProps } from "@/components/account/auth-page";
import { SignInForm } from "@/components/account/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: AuthPageProps) {
  const next = await nextUnlessSignedIn(searchParams);
  return (
    <AuthCard
      title="Sign in"
      intro="Comment on reviews, like and keep favourites, and create marketplace tokens for your agents."
      next={next}
      other={{ prompt: "New here?", path: "/sign-up", label: "Create an account" }}
    >
      <SignInForm next={next} />
    </AuthCard>
  );
}
