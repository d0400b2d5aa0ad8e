import { RETURN_PARAMS } from "../../../wire/constants";
import { ApiError, badRequest, originOf, type ServerContext } from "../../../server/method-kit";

/**
 * The link an email carries back to the app: the page that asked (`latch-return-to` in the
 * redirectParams, when it is on an allowed app origin), else the app URL (or the request's Origin,
 * an allowed app origin only), with the client's other redirectParams, then `bundle` and `orgId`;
 * a new user's link always says `latch-is-signup=true`.
 */
export function magicLink(
  ctx: ServerContext,
  origin: string | undefined,
  grant: { credentialBundle: string; orgId: string; redirectParams?: string; isSignup: boolean },
): string {
  const redirectParams = new URLSearchParams(grant.redirectParams ?? "");
  const returnTo = askingPage(ctx, redirectParams.get(RETURN_PARAMS.returnTo));
  redirectParams.delete(RETURN_PARAMS.returnTo);
  const base = returnTo ?? ctx.appUrl ?? origin;
  if (!base) throw badRequest("NO_APP_URL", "Cannot build the magic link: start the emulator with --app-url or send an Origin header");
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw badRequest("NO_APP_URL", `Cannot build the magic link from app URL ${base}`);
  }
  const target = originOf(url.href);
  if (!target || !ctx.origins.isAppOrigin(target)) {
    throw new ApiError(403, "ORIGIN_NOT_ALLOWED", `Magic links may only point at the app origins; ${url.origin} is not one (allowedOrigins)`);
  }
  const params = new URLSearchParams(url.search);
  for (const [key, value] of redirectParams) params.append(key, value);
  if (grant.isSignup) params.set(RETURN_PARAMS.isSignup, "true");
  params.set(RETURN_PARAMS.bundle, grant.credentialBundle);
  params.set(RETURN_PARAMS.orgId, grant.orgId);
  url.search = params.toString();
  return url.toString();
}

/** The asking page's URL if it is an http(s) URL on an allowed app origin (no fragment), else undefined. */
function askingPage(ctx: ServerContext, raw: string | null): string | undefined {
  if (!raw) return undefined;
  const target = originOf(raw);
  if (!target || !ctx.origins.isAppOrigin(target)) return undefined;
  const url = new URL(raw);
  url.hash = "";
  return url.href;
}
