// The oauth method's server part: social sign-in preparation, the provider's return page
// (`/callback`), and linking / unlinking identities to a signed-in user. Server-only: the kit's
// entries never import it.
import type { ServerMethod } from "../../../server/method-kit";
import { oauthCallbackPages } from "./callback";
import { linkedOauthProviders, oauthRoutes } from "./link";
import { oauthMigrations } from "./migrations";

export const oauthServer: ServerMethod = {
  id: "oauth",
  routes: oauthRoutes,
  pages: oauthCallbackPages(),
  crossSiteFormPosts: ["/callback"],
  linkedProviders: linkedOauthProviders,
  migrations: oauthMigrations,
  expiring: [{ table: "oauth_requests", column: "expires_at" }],
};
