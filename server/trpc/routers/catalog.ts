import { getServiceInput, getServiceProfile } from "../../catalog/get-service";
import { listServices, listServicesInput } from "../../catalog/list-services";
import { createTRPCRouter, publicProcedure } from "../init";

export const catalogRouter = createTRPCRouter({
  list: publicProcedure.input(listServicesInput).query(({ input }) => listServices(input)),
  profile: publicProcedure.input(getServiceInput).query(({ input }) => getServiceProfile(input.slug)),
});
