// The magic-link method's server part: sign-up and sign-in by a link sent to an email address
// (`signup` / `auth` with an email when the body or the server asks for links). The link carries
// the session, registered before it is sent. Server-only: the kit's entries never import it.
import type { Context } from "hono";
import {
  checkFactorCodes,
  clientAddress,
  deliver,
  findUserByContact,
  listFactors,
  mfaRequired,
  notFound,
  prepareAccount,
  prepareSession,
  registerSession,
  requester,
  requestOrigin,
  saveAccount,
  schemas as s,
  validate,
  type ServerContext,
  type ServerMethod,
} from "../../../server/method-kit";
import { emailModeOf, emailSignIn, namesEmail } from "../../../lib/sign-in/server/email";
import { magicLink } from "./link";

const accepts = (raw: unknown, ctx: ServerContext) => namesEmail(raw) && emailModeOf(ctx, raw) === "magic-link";

export const magicLinkServer: ServerMethod = {
  id: "magic-link",
  signUp: { names: "email", accepts, handle: signUp },
  signIn: { names: "email", accepts, handle: signIn },
};

async function signUp(c: Context, raw: unknown, ctx: ServerContext) {
  const request = validate(emailSignIn, raw);
  const email = s.normalizeEmail(request.email);
  const account = await prepareAccount(ctx, { email });
  const { user } = account;
  const grant = await prepareSession(ctx, request.targetPublicKey, request.expirationSeconds, { signIn: true });
  const link = magicLink(ctx, appOrigin(c), { ...grant, orgId: user.orgId, redirectParams: request.redirectParams, isSignup: true });
  await ctx.db.transaction(async (tx) => {
    await saveAccount(tx, ctx, account);
    await registerSession(tx, ctx, user.orgId, grant);
    await deliver(tx, ctx, magicLinkMessage(ctx, email, link, grant.expiresAt, requester(c)));
  });
  ctx.observer.signIn("magic-link");
  return { orgId: user.orgId, userId: user.userId, address: user.address, solanaAddress: user.solanaAddress };
}

async function signIn(c: Context, raw: unknown, ctx: ServerContext) {
  const request = validate(emailSignIn, raw);
  const user = await findUserByContact(ctx.db, { email: s.normalizeEmail(request.email) });
  if (!user) throw notFound("USER_NOT_FOUND", "No user found for this email");
  const factors = await listFactors(ctx.db, user.orgId);
  if (factors.length > 0) {
    if (!request.multiFactors?.length) throw mfaRequired(factors);
    await checkFactorCodes(ctx, user.orgId, request.multiFactors, { client: clientAddress(c) });
  }
  const grant = await prepareSession(ctx, request.targetPublicKey, request.expirationSeconds, { secondFactor: factors.length > 0, signIn: true });
  const link = magicLink(ctx, appOrigin(c), { ...grant, orgId: user.orgId, redirectParams: request.redirectParams, isSignup: false });
  await ctx.db.transaction(async (tx) => {
    await registerSession(tx, ctx, user.orgId, grant);
    await deliver(tx, ctx, magicLinkMessage(ctx, user.email!, link, grant.expiresAt, requester(c)));
  });
  ctx.observer.signIn("magic-link");
  return factors.length > 0 ? { orgId: user.orgId, multiFactors: factors } : { orgId: user.orgId };
}

function magicLinkMessage(ctx: ServerContext, to: string, link: string, expiresAt: number, from: ReturnType<typeof requester>) {
  return {
    to,
    channel: "email" as const,
    kind: "sign-in-link" as const,
    appName: ctx.appName,
    subject: `Sign in to ${ctx.appName}`,
    text: `Open this link to sign in:\n\n${link}\n\nIf you did not ask for it, ignore this email.`,
    code: null,
    link,
    expiresAt,
    ...from,
  };
}

/** The request's app origin as a base URL for the link (when the server has no --app-url). */
function appOrigin(c: Context): string | undefined {
  const origin = requestOrigin(c);
  return origin ? `${origin}/` : undefined;
}
