import { isSafeHttpUrl } from "@/components/ui/safe-url";

type Fact = { key: string; text: string; source: string };
type Evidence = { text: string; source: string };

function Source({ href }: { href: string }) {
  if (!isSafeHttpUrl(href)) return null;
  return (
    <a href={href} className="ml-1 text-xs text-indigo-700 underline" rel="noopener noreferrer nofollow">
      source
    </a>
  );
}

export function FactList({ facts, evidence }: { facts: Fact[]; evidence: Evidence[] }) {
  if (facts.length === 0 && evidence.length === 0)
    return <p className="text-sm text-slate-600">No documented facts yet.</p>;
  return (
    <ul className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      {facts.map((f) => (
        <li key={f.key}>
          {f.text}
          <Source href={f.source} />
        </li>
      ))}
      {evidence.map((e, i) => (
        <li key={i}>
          {e.text}
          <Source href={e.source} />
        </li>
      ))}
    </ul>
  );
}
