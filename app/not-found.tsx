import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address.</p>
      <p className="mt-4 flex gap-4">
        <Link href="/" className="text-indigo-700 underline">
          Home
        </Link>
        <Link href="/services" className="text-indigo-700 underline">
          Browse services
        </Link>
      </p>
    </main>
  );
}
