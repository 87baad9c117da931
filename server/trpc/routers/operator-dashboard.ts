// The operators' dashboard (/operator), one query per panel so each loads and fails on its own
// (operatorProcedure: 401 signed out, 403 for members; an unknown range is 400). Thin: the panels
// are computed in server/operator/.
import { dashboardPanel } from "../../operator/dashboard";
import {
  actionsPanelSchema,
  channelsPanelSchema,
  dashboardInput,
  probesPanelSchema,
  purchasesPanelSchema,
  refusalsPanelSchema,
  salesPanelSchema,
  trafficPanelSchema,
} from "../../operator/dashboard-schema";
import { createTRPCRouter, operatorProcedure } from "../init";

const panel = operatorProcedure.input(dashboardInput);

export const operatorDashboardRouter = createTRPCRouter({
  sales: panel.output(salesPanelSchema).query(({ ctx, input }) => dashboardPanel(ctx.actor, "sales", input.range)),
  purchases: panel
    .output(purchasesPanelSchema)
    .query(({ ctx, input }) => dashboardPanel(ctx.actor, "purchases", input.range)),
  actions: panel
    .output(actionsPanelSchema)
    .query(({ ctx, input }) => dashboardPanel(ctx.actor, "actions", input.range)),
  traffic: panel
    .output(trafficPanelSchema)
    .query(({ ctx, input }) => dashboardPanel(ctx.actor, "traffic", input.range)),
  probes: panel.output(probesPanelSchema).query(({ ctx, input }) => dashboardPanel(ctx.actor, "probes", input.range)),
  channels: panel
    .output(channelsPanelSchema)
    .query(({ ctx, input }) => dashboardPanel(ctx.actor, "channels", input.range)),
  refusals: panel
    .output(refusalsPanelSchema)
    .query(({ ctx, input }) => dashboardPanel(ctx.actor, "refusals", input.range)),
});
