// The operators' dashboard (/operator): one function per panel, so the page loads, shows and fails
// each panel on its own (a slow or failing aggregate leaves the others standing). Each panel is a few
// bounded aggregates (counts, sums, percentiles, top lists of DASHBOARD_TOP) over the window of the
// range; the panels' files say which index serves which statement. Operators only.
import { isOperator, type Actor } from "../accounts/actor";
import { AppError } from "../errors";
import { actionsPanel } from "./dashboard-actions";
import { channelsPanel } from "./dashboard-channels";
import { probesPanel } from "./dashboard-probes";
import { purchasesPanel } from "./dashboard-purchases";
import { refusalsPanel } from "./dashboard-refusals";
import { salesPanel } from "./dashboard-sales";
import type {
  ActionsPanel,
  ChannelsPanel,
  DashboardRange,
  ProbesPanel,
  PurchasesPanel,
  RefusalsPanel,
  SalesPanel,
  TrafficPanel,
} from "./dashboard-schema";
import { trafficPanel } from "./dashboard-traffic";
import { windowOf } from "./dashboard-window";

function assertOperator(actor: Actor): void {
  if (!isOperator(actor)) throw new AppError("forbidden", "Only marketplace operators may see the dashboard.");
}

export interface DashboardPanels {
  sales: SalesPanel;
  purchases: PurchasesPanel;
  actions: ActionsPanel;
  traffic: TrafficPanel;
  probes: ProbesPanel;
  channels: ChannelsPanel;
  refusals: RefusalsPanel;
}
export type DashboardPanelName = keyof DashboardPanels;

const PANELS: { [K in DashboardPanelName]: (range: DashboardRange, now: Date) => Promise<DashboardPanels[K]> } = {
  sales: (range, now) => salesPanel(windowOf(range, now)),
  purchases: (range, now) => purchasesPanel(windowOf(range, now)),
  actions: (range, now) => actionsPanel(windowOf(range, now)),
  traffic: (range, now) => trafficPanel(windowOf(range, now)),
  probes: (range, now) => probesPanel(windowOf(range, now)),
  channels: () => channelsPanel(),
  refusals: (_range, now) => refusalsPanel(now),
};

/** One panel of the dashboard for `range`, as of `now`. */
export async function dashboardPanel<K extends DashboardPanelName>(
  actor: Actor,
  panel: K,
  range: DashboardRange,
  now: Date = new Date(),
): Promise<DashboardPanels[K]> {
  assertOperator(actor);
  return PANELS[panel](range, now);
}
