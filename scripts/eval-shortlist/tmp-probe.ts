import { ensureDatabaseThenRun } from "../lib/with-database";
if (await ensureDatabaseThenRun("scripts/eval-shortlist/tmp-probe.ts")) {
  const { closeDatabase } = await import("../../server/db");
  const { buildShortlist } = await import("../../server/shortlist/build-shortlist");
  for (const outcome of [
    "Reserve a table for four at an Italian restaurant in Lisbon tonight at 20:00 and get a confirmation.",
    "Give me an automated market valuation, with a confidence range, for a single-family house in Denver, plus a few comparable recent sales nearby.",
    "Our travel agent needs live train departure boards for Berlin Hauptbahnhof and Munich: scheduled and expected departure times, delays and platform changes, via an API we can poll every minute.",
    "Send a six-digit one-time passcode by SMS text message to a customer's mobile number",
    "Cortexa api pricing",
  ]) {
    for (const search of ["all", "hybrid"] as const) {
      const s = await buildShortlist({ outcome, search });
      console.log(search, outcome.slice(0, 40), s.matches.map((m) => `${m.service.slug} ${m.score}`).join(", "));
      if (search === "all") console.log(s.nothingFits?.summary, s.nothingFits?.closest.map((c) => c.whyNot));
    }
  }
  await closeDatabase();
}
