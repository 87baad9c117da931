// Public addresses the API hands out, all under the configured BASE_URL.
import { baseUrl } from "../env";

export const METHODOLOGY_PATH = "/docs#methodology";

export const urls = {
  home: () => `${baseUrl}/`,
  services: () => `${baseUrl}/services`,
  serviceProfile: (slug: string) => `${baseUrl}/services/${encodeURIComponent(slug)}`,
  serviceReviews: (slug: string) => `${baseUrl}/services/${encodeURIComponent(slug)}#reviews`,
  serviceRecord: (slug: string) => `${baseUrl}/api/catalog/services/${encodeURIComponent(slug)}`,
  review: (id: string) => `${baseUrl}/reviews/${id}`,
  offerCall: (offerId: string) => `${baseUrl}/api/x402/observe/${encodeURIComponent(offerId)}`,
  searchApi: () => `${baseUrl}/api/catalog/search`,
  servicesApi: () => `${baseUrl}/api/catalog/services`,
  docs: () => `${baseUrl}/docs`,
  methodology: () => `${baseUrl}${METHODOLOGY_PATH}`,
};
