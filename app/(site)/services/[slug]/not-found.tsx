import Link from "next/link";

export default function ServiceNotFound() {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-8">
      <h1 className="text-2xl font-bold">Service not found</h1>
      <p className="mt-2 text-slate-600">No service in the catalog has this address.</p>
      <Link href="/services" className="mt-4 inline-block text-indigo-700 underline">
        Browse all services
      </Link>
    </div>
  );
}
