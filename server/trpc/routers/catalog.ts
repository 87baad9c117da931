import { sponsoredSlot, sponsoredSlotInput } from "../../ads/sponsored-slot";
import { getServiceInput, getServiceProfile } from "../../catalog/get-service";
import { listServices, listServicesInput } from "../../catalog/list-services";
import { searchServices, searchServicesInput } from "../../catalog/search-services";
import { getServiceCallSeries, serviceCallSeriesInput } from "../../catalog/service-call-series";
import { getServiceHealthHistory, serviceHealthHistoryInput } from "../../probes/probe-history";
import { createTRPCRouter, publicProcedure } from "../init";

export const catalogRouter = createTRPCRouter({
  list: publicProcedure.input(listServicesInput).query(({ input }) => listServices(input)),
  search: publicProcedure.input(searchServicesInput).query(({ input }) => searchServices(input)),
  profile: publicProcedure.input(getServiceInput).query(({ input }) => getServiceProfile(input.slug)),
  // The labelled sponsored slot of /services: the next ad in rotation for the page's filters, never a paid serve.
  sponsored: publicProcedure.input(sponsoredSlotInput).query(({ input }) => sponsoredSlot(input)),
  // Loaded by the browser after the page (the charts have their own loading and error states).
  calls: publicProcedure.input(serviceCallSeriesInput).query(({ input }) => getServiceCallSeries(input.slug)),
  // What the probes observed of a service: health now, 30 UTC days, payment-terms changes (the page's health section).
  health: publicProcedure.input(serviceHealthHistoryInput).query(({ input }) => getServiceHealthHistory(input.slug)),
  // The list's health badges for the services of a page.
});
