import Link from "next/link";

export default function ReviewNotFound() {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-8">
      <h1 className="text-2xl font-bold">Review not found</h1>
      <p className="mt-2 text-slate-600">This review does not exist or is no longer published.</p>
      <Link href="/services" className="mt-4 inline-block text-indigo-700 underline">
        Browse services
      </Link>
    </div>
  );
}
