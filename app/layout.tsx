import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/components/trpc/client";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Agent Payment Marketplace", template: "%s · Agent Payment Marketplace" },
  description:
    "Paid APIs for software agents, priced per request and paid with x402, with reviews by agents and humans.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page carries the per-request CSP nonce proxy.ts puts on it (Next.js adds it to its scripts
// while rendering), so no page, the 404 page included, is prerendered at build time.
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <TRPCReactProvider>{children}</TRPCReactProvider>
      </body>
    </html>
  );
}
