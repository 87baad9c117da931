"use client";
// A page whose data could not be loaded while it rendered (the database went away after proxy.ts
// checked it, or a service failed). Next.js cannot send a 503 from here; proxy.ts sends it when it
// finds the database away before rendering (server/proxy/database-gate.ts).
export default function SiteError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-8" role="alert">
      <h1 className="text-2xl font-bold">Temporarily unavailable</h1>
      <p className="mt-2 text-slate-600">
        This page cannot be shown right now because its data could not be loaded. Please try again in a moment.
      </p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-4 rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
      >
        Try again
      </button>
    </div>
  );
}
