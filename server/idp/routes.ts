import { Hono, type Context } from "hono";
import type { ServerContext } from "../context";
import { email as emailSchema, normalizeEmail } from "../schemas";
import { errorPage, loginPage } from "./pages";
import { AuthorizationError, devIdp, FatalAuthorizationError, TokenError } from "./provider";
import { devProvider, isDevProviderId, type DevProvider } from "./providers";

const PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
  // same-origin, not no-referrer: with no-referrer the login form's POST carries `Origin: null`,
  // which the origin guard refuses; nothing leaves the IdP's origin either way.
  "Referrer-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
};

/**
 * The development identity provider, one OIDC issuer per provider it stands in for:
 * `/idp/<google|facebook|apple|twitch|auth0>/{.well-known/openid-configuration, authorize, token, userinfo, jwks}`.
 */
export function idpRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const idp = devIdp(ctx);

  const providerOf = (c: Context): DevProvider | undefined => {
    const id = c.req.param("provider") ?? "";
    return isDevProviderId(id) ? devProvider(ctx.publicUrl, id) : undefined;
  };
  const unknownProvider = (c: Context) =>
    c.json({ error: "not_found", error_description: `No development provider ${c.req.param("provider")}` }, 404);

  app.get("/:provider/.well-known/openid-configuration", (c) => {
    const provider = providerOf(c);
    if (!provider) return unknownProvider(c);
    return c.json({
      issuer: provider.issuer,
      authorization_endpoint: provider.authorizationEndpoint,
      token_endpoint: provider.tokenEndpoint,
      userinfo_endpoint: provider.userinfoEndpoint,
      jwks_uri: provider.jwksUri,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["ES256"],
      scopes_supported: ["openid", "email", "profile"],
      claims_supported: ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "email", "email_verified", "name"],
      claims_parameter_supported: true,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
    });
  });

  app.get("/:provider/jwks", async (c) => (providerOf(c) ? c.json(await idp.jwks()) : unknownProvider(c)));

  app.get("/:provider/authorize", (c) => {
    const provider = providerOf(c);
    if (!provider) return unknownProvider(c);
    return withAuthorizationErrors(c, () => {
      const request = idp.parseAuthorizationRequest(provider, c.req.query());
      return c.html(loginPage(provider, request), 200, PAGE_HEADERS);
    });
  });

  app.post("/:provider/authorize", async (c) => {
    const provider = providerOf(c);
    if (!provider) return unknownProvider(c);
    const form = stringFields(await c.req.parseBody());
    return withAuthorizationErrors(c, async () => {
      const request = idp.parseAuthorizationRequest(provider, form);
      const refuse = (error: string, description: string) => new AuthorizationError(error, description, request.redirectUri, request.state);
      if (form.login_action === "cancel") throw refuse("access_denied", "The user cancelled the sign-in");
      const checked = emailSchema(form.login_email?.trim() ?? "");
      if (typeof checked !== "string") {
        return c.html(errorPage("Invalid email", "Go back and enter a valid email address."), 400, PAGE_HEADERS);
      }
      const name = form.login_name?.trim().slice(0, 100) || undefined;
      const code = await idp.authorize(provider, request, { email: normalizeEmail(checked), ...(name ? { name } : {}) });
      const target = new URL(request.redirectUri);
      target.searchParams.set("code", code);
      if (request.state !== undefined) target.searchParams.set("state", request.state);
      return c.redirect(target.toString(), 303);
    });
  });

  app.post("/:provider/token", async (c) => {
    const provider = providerOf(c);
    if (!provider) return unknownProvider(c);
    const form = stringFields(await c.req.parseBody());
    try {
      const tokens = await idp.exchangeCode(provider, {
        code: form.code,
        redirectUri: form.redirect_uri,
        clientId: form.client_id,
        codeVerifier: form.code_verifier,
        grantType: form.grant_type,
      });
      return c.json(tokens, 200, { "Cache-Control": "no-store" });
    } catch (error) {
      if (error instanceof TokenError) return c.json({ error: error.error, error_description: error.description }, 400, { "Cache-Control": "no-store" });
      throw error;
    }
  });

  const userinfo = async (c: Context) => {
    const provider = providerOf(c);
    if (!provider) return unknownProvider(c);
    const token = c.req.header("Authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
    const claims = token ? await idp.userinfo(provider, token) : undefined;
    if (!claims) {
      c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
      return c.json({ error: "invalid_token", error_description: "Unknown or expired access token" }, 401);
    }
    return c.json(claims);
  };
  app.get("/:provider/userinfo", userinfo);
  app.post("/:provider/userinfo", userinfo);

  return app;
}

async function withAuthorizationErrors(c: Context, run: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FatalAuthorizationError) return c.html(errorPage("Sign-in request refused", error.message), 400, PAGE_HEADERS);
    if (error instanceof AuthorizationError) return c.redirect(error.location(), 303);
    throw error;
  }
}

function stringFields(body: Record<string, unknown>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === "string") out[key] = value;
  return out;
}
