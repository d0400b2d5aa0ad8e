import { createHash } from "node:crypto";
import { LIST_AUTH_METHODS_OPERATION } from "../../wire/constants";
import { requests } from "../../wire/requests";
import { Hono } from "hono";
import { type } from "arktype";
import type { ServerContext } from "../context";
import { badRequest, conflict, forbidden, unauthorized } from "../errors";
import { countLiveApiKeys } from "../store/apiKeys";
import { hasPasskeySession } from "../store/signedIn";
import { readBody, validate } from "../validate";
import * as s from "../schemas";
import { readVerificationToken, type VerificationClaims } from "../crypto/verificationToken";
import { listAuthenticators } from "../store/authenticators";
import { claimOnce } from "../store/usedTokens";
import type { Sql } from "../db/sql";
import { linkedProviders, lockUser, requireSignInMethodLeft } from "../services/signInMethods";
import { verifyStampedRequest, verifyStampedRequestWithStamp } from "../services/stamps/verify";
import { requireFreshProof } from "../services/stepUp";
import { requireUser } from "../services/accounts";

const listBody = requests["list-auth-methods"];
const stampedOnly = requests["update-email-auth"];

const listAuthenticatorsBody = type({ organizationId: s.uuid, "userId?": s.uuid, "timestampMs?": "string | number" });

const updateEmailBody = type({
  type: "'ACTIVITY_TYPE_UPDATE_USER_EMAIL'",
  timestampMs: "string | number",
  organizationId: s.uuid,
  parameters: { userId: s.uuid, userEmail: "string", "verificationToken?": "string" },
});

const updatePhoneBody = type({
  type: "'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'",
  timestampMs: "string | number",
  organizationId: s.uuid,
  parameters: { userId: s.uuid, userPhoneNumber: "string", "verificationToken?": "string" },
});

export const PHONE_TOKEN_REQUIRED_MESSAGE = "Verification token is required to change phone number";
export const EMAIL_TOKEN_REQUIRED_MESSAGE = "Verification token is required to change email";

/** The signed-in user's sign-in methods, and changes of email and phone (verified by a code first, after a step-up: routes/stepUp.ts). */
export function accountRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/list-auth-methods", async (c) => {
    const { suborgId, stampedRequest } = await readBody(c, listBody);
    const body = stampedRequest ? await verifyStampedRequest(ctx, stampedRequest, LIST_AUTH_METHODS_OPERATION, listAuthenticatorsBody) : undefined;
    if (body && body.organizationId !== suborgId) throw forbidden("WRONG_ORGANIZATION", `The stamped request is for organization ${body.organizationId}, not ${suborgId}`);
    // Account Kit's signer SDK lists unstamped, and only while signed in: so does this answer (an unknown
    // organisation and a signed-out one get the same refusal). The app's API key still gates it in production.
    if (!body && !(await signedInNow(ctx, suborgId))) throw unauthorized("NOT_SIGNED_IN", `Organization ${suborgId} has no live session: sign in, or stamp the request`);
    const user = await requireUser(ctx, suborgId);
    if (body?.userId !== undefined && body.userId !== user.userId) throw forbidden("USER_NOT_IN_ORGANIZATION", `User ${body.userId} is not the user of organization ${suborgId}`);
    const [passkeys, oauthProviders] = await Promise.all([listAuthenticators(ctx.db, suborgId), linkedProviders(ctx, ctx.db, suborgId)]);
    return c.json({
      ...(user.email ? { email: user.email } : {}),
      ...(user.phone ? { phone: user.phone } : {}),
      oauthProviders,
      passkeys: passkeys.map((p) => ({ authenticatorId: p.authenticatorId, name: p.name, createdAt: new Date(p.createdAt).toISOString() })),
    });
  });

  app.post("/update-email-auth", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const { body, stamp } = await verifyStampedRequestWithStamp(ctx, stampedRequest, "submit/update_user_email", updateEmailBody);
    const user = await requireUser(ctx, body.organizationId);
    const { userId, userEmail, verificationToken } = body.parameters;
    if (userId !== user.userId) throw forbidden("USER_NOT_IN_ORGANIZATION", `User ${userId} is not the user of organization ${user.orgId}`);
    await requireFreshProof(ctx, user.orgId, stamp);
    const email = userEmail.trim() === "" ? null : s.normalizeEmail(validate(s.email, userEmail.trim(), "parameters.userEmail"));
    let token: CheckedToken | undefined;
    if (email !== null) {
      if (!verificationToken) throw badRequest("VERIFICATION_TOKEN_REQUIRED", EMAIL_TOKEN_REQUIRED_MESSAGE);
      token = await checkVerificationToken(ctx, verificationToken, { contact: email, otpType: "OTP_TYPE_EMAIL" });
    }
    await ctx.db.transaction((tx) => setContact(ctx, tx, user.orgId, "email", email, token));
    return c.json({});
  });

  app.post("/update-phone-auth", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const { body, stamp } = await verifyStampedRequestWithStamp(ctx, stampedRequest, "submit/update_user_phone_number", updatePhoneBody);
    const user = await requireUser(ctx, body.organizationId);
    const { userId, userPhoneNumber, verificationToken } = body.parameters;
    if (userId !== user.userId) throw forbidden("USER_NOT_IN_ORGANIZATION", `User ${userId} is not the user of organization ${user.orgId}`);
    await requireFreshProof(ctx, user.orgId, stamp);
    const phone = userPhoneNumber.trim() === "" ? null : validate(s.phone, userPhoneNumber, "parameters.userPhoneNumber");
    let token: CheckedToken | undefined;
    if (phone !== null) {
      if (!verificationToken) throw badRequest("VERIFICATION_TOKEN_REQUIRED", PHONE_TOKEN_REQUIRED_MESSAGE);
      token = await checkVerificationToken(ctx, verificationToken, { contact: phone, otpType: "OTP_TYPE_SMS" });
    }
    await ctx.db.transaction((tx) => setContact(ctx, tx, user.orgId, "phone", phone, token));
    return c.json({});
  });

  return app;
}

interface CheckedToken {
  /** The replay record that uses the token up, written with the change. */
  hash: string;
  keepUntil: number;
}

/** A token from verify-otp must name this very contact and channel and be unexpired; it is used up with the change. */
async function checkVerificationToken(ctx: ServerContext, token: string, expected: VerificationClaims): Promise<CheckedToken> {
  let claims: VerificationClaims;
  try {
    claims = await readVerificationToken(ctx.secrets, token, ctx.now());
  } catch (error) {
    throw badRequest("INVALID_VERIFICATION_TOKEN", `The verification token is not valid: ${(error as Error).message}`);
  }
  if (claims.otpType !== expected.otpType || claims.contact !== expected.contact) {
    throw badRequest("VERIFICATION_TOKEN_MISMATCH", `The verification token was issued for another ${expected.otpType === "OTP_TYPE_EMAIL" ? "email" : "phone number"}`);
  }
  return {
    hash: `verification-token:${createHash("sha256").update(token).digest("hex")}`,
    keepUntil: ctx.now() + ctx.limits.verificationTokenTtlSeconds * 1000,
  };
}

/** Sets or removes (null) the email or phone; removing the last way to sign in is refused. */
async function setContact(ctx: ServerContext, sql: Sql, orgId: string, field: "email" | "phone", value: string | null, token?: CheckedToken): Promise<void> {
  await lockUser(sql, orgId);
  if (token && !(await claimOnce(sql, token.hash, token.keepUntil))) {
    throw badRequest("VERIFICATION_TOKEN_USED", "This verification token was already used; verify the contact again");
  }
  const updated = await sql.query(`update users set ${field} = $2 where org_id = $1 and not exists (
      select 1 from users other where other.${field} = $2 and other.org_id <> $1) returning org_id`, [orgId, value]);
  if (updated.rows.length === 0) {
    throw conflict("CONTACT_TAKEN", `This ${field === "email" ? "email" : "phone number"} belongs to another user`);
  }
  if (value === null) await requireSignInMethodLeft(ctx, sql, orgId);
}

/** A session key of the organisation is live, or a passkey signed it in within a session's lifetime. */
async function signedInNow(ctx: ServerContext, orgId: string): Promise<boolean> {
  return (await countLiveApiKeys(ctx.db, orgId, ctx.now())) > 0 || (await hasPasskeySession(ctx.db, orgId, ctx.now()));
}
