import type { Metadata } from "next";
import { AuthCard, nextUnlessSignedIn, type AuthPageProps } from "@/components/account/auth-page";
import { SignUpForm } from "@/components/account/sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: AuthPageProps) {
  const next = await nextUnlessSignedIn(searchParams);
  return (
    <AuthCard
      title="Create an account"
      intro="Free. Your email is never shown to anyone."
      next={next}
      other={{ prompt: "Already have an account?", path: "/sign-in", label: "Sign in" }}
    >
      <SignUpForm next={next} />
    </AuthCard>
  );
}
