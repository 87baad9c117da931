// Whether a request comes from the marketplace's own pages: a change made with the session cookie
// must carry our Origin (CSRF defence besides SameSite=Lax cookies; a form or another site cannot
// send it). No Origin at all is refused too: browsers send one with every POST.
import { siteOrigin } from "../env";

export const fromSiteOrigin = (headers: Headers): boolean => headers.get("origin") === siteOrigin;
