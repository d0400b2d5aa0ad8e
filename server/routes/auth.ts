import { Hono, type Context } from "hono";
import { type } from "arktype";
import type { EmulatorContext } from "../context";
import { badRequest, notFound } from "../errors";
import { readBody, readJson, validate } from "../validate";
import { clientAddress } from "../middleware/client";
import * as s from "../schemas";
import { findUserByContact, findUserByOrg, type UserRow } from "../store/users";
import { prepareAccount, saveAccount, type Contact } from "../services/accounts";
import { redeemCode, sendCode } from "../services/codes";
import { deliver } from "../services/delivery";
import { magicLink } from "../services/magicLink";
import { checkFactorCodes, listFactors, mfaRequired, sealPendingSignIn } from "../services/mfa";
import { openSession, prepareSession, registerSession } from "../services/sessions";
import { passkeySignUp } from "./passkeySignup";

const lookupByEmail = type({ email: s.email });
const lookupByPhone = type({ phone: s.phone });

const emailSignIn = type({
  email: s.email,
  "emailMode?": "'otp' | 'magicLink'",
  targetPublicKey: s.targetPublicKey,
  "expirationSeconds?": s.expirationSeconds,
  "redirectParams?": "string",
  "multiFactors?": s.factorCodes,
});
const smsSignIn = type({ phone: s.phone, targetPublicKey: s.targetPublicKey, "expirationSeconds?": s.expirationSeconds });

const otpBody = type({
  orgId: s.uuid,
  otpId: s.uuid,
  otpCode: "string",
  targetPublicKey: s.targetPublicKey,
  "expirationSeconds?": s.expirationSeconds,
  "multiFactors?": s.factorCodes,
});

type EmailSignIn = typeof emailSignIn.infer;
type SmsSignIn = typeof smsSignIn.infer;

/** Sign-up and sign-in by email (code or magic link) and SMS code. */
export function authRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  app.post("/lookup", async (c) => {
    const raw = await readJson(c);
    if (isObject(raw) && "accessKey" in raw) throw badRequest("UNSUPPORTED", "accessKey lookup not supported by this signer");
    const contact: Contact = byPhone(raw) ? validate(lookupByPhone, raw) : { email: s.normalizeEmail(validate(lookupByEmail, raw).email) };
    const user = await findUserByContact(ctx.db, contact);
    return c.json({ orgId: user?.orgId ?? null });
  });

  app.post("/signer-config", (c) => c.json({ email: { mode: ctx.emailMode === "magic-link" ? "MAGIC_LINK" : "OTP" } }));

  app.post("/signup", async (c) => {
    const raw = await readJson(c);
    if (isObject(raw) && "passkey" in raw) return c.json(await passkeySignUp(ctx, raw, c.req.header("Origin")));
    const request = parseSignIn(raw);
    const contact: Contact = "email" in request ? { email: s.normalizeEmail(request.email) } : { phone: request.phone };
    const account = await prepareAccount(ctx, contact);
    const { user } = account;
    const created = { orgId: user.orgId, userId: user.userId, address: user.address, solanaAddress: user.solanaAddress };
    if ("email" in request && emailModeOf(ctx, request) === "magic-link") {
      const grant = await prepareSession(ctx, request.targetPublicKey, request.expirationSeconds);
      const link = magicLink(ctx, origin(c), { ...grant, orgId: user.orgId, redirectParams: request.redirectParams, isSignup: true });
      await ctx.db.transaction(async (tx) => {
        await saveAccount(tx, ctx, account);
        await registerSession(tx, ctx, user.orgId, grant);
        await deliver(tx, ctx, magicLinkMessage(contact.email!, link, grant.expiresAt, requestOrigin(c)));
      });
      ctx.observer.signIn("magic-link");
      return c.json(created);
    }
    const otpId = await ctx.db.transaction(async (tx) => {
      await saveAccount(tx, ctx, account);
      return sendCode(tx, ctx, codeRequest(contact, user.orgId, requestOrigin(c)));
    });
    return c.json({ ...created, otpId });
  });

  app.post("/auth", async (c) => {
    const request = parseSignIn(await readJson(c));
    const contact: Contact = "email" in request ? { email: s.normalizeEmail(request.email) } : { phone: request.phone };
    const user = await findUserByContact(ctx.db, contact);
    if (!user) throw notFound("USER_NOT_FOUND", `No user found for this ${contact.email ? "email" : "phone number"}`);
    if ("email" in request && emailModeOf(ctx, request) === "magic-link") {
      const factors = await listFactors(ctx.db, user.orgId);
      if (factors.length > 0) {
        if (!request.multiFactors?.length) throw mfaRequired(factors);
        await checkFactorCodes(ctx, user.orgId, request.multiFactors, { client: clientAddress(c) });
      }
      const grant = await prepareSession(ctx, request.targetPublicKey, request.expirationSeconds);
      const link = magicLink(ctx, origin(c), { ...grant, orgId: user.orgId, redirectParams: request.redirectParams, isSignup: false });
      await ctx.db.transaction(async (tx) => {
        await registerSession(tx, ctx, user.orgId, grant);
        await deliver(tx, ctx, magicLinkMessage(user.email!, link, grant.expiresAt, requestOrigin(c)));
      });
      ctx.observer.signIn("magic-link");
      return c.json(factors.length > 0 ? { orgId: user.orgId, multiFactors: factors } : { orgId: user.orgId });
    }
    const otpId = await ctx.db.transaction((tx) => sendCode(tx, ctx, codeRequest(contact, user.orgId, requestOrigin(c))));
    return c.json({ orgId: user.orgId, otpId });
  });

  app.post("/otp", async (c) => {
    const request = await readBody(c, otpBody);
    const user = await requireUser(ctx, request.orgId);
    const otp = await redeemCode(ctx, { otpId: request.otpId, code: request.otpCode, purpose: "auth", orgId: user.orgId }, clientAddress(c));
    const factors = await listFactors(ctx.db, user.orgId);
    if (factors.length > 0) {
      if (!request.multiFactors?.length) {
        const encryptedPayload = sealPendingSignIn(ctx, {
          orgId: user.orgId,
          targetPublicKey: request.targetPublicKey,
          ...(request.expirationSeconds === undefined ? {} : { expirationSeconds: request.expirationSeconds }),
        });
        return c.json({ status: "MFA_REQUIRED", encryptedPayload, multiFactors: factors });
      }
      await checkFactorCodes(ctx, user.orgId, request.multiFactors, { client: clientAddress(c) });
    }
    const credentialBundle = await openSession(ctx, user.orgId, request.targetPublicKey, request.expirationSeconds);
    ctx.observer.signIn(otp.channel === "email" ? "email-code" : "sms-code");
    return c.json({ status: "SUCCESS", credentialBundle });
  });

  return app;
}

function parseSignIn(raw: unknown): EmailSignIn | SmsSignIn {
  return byPhone(raw) ? validate(smsSignIn, raw) : validate(emailSignIn, raw);
}

function byPhone(raw: unknown): boolean {
  return isObject(raw) && "phone" in raw && !("email" in raw);
}

function emailModeOf(ctx: EmulatorContext, request: EmailSignIn): "otp" | "magic-link" {
  if (request.emailMode === "magicLink") return "magic-link";
  if (request.emailMode === "otp") return "otp";
  return ctx.emailMode;
}

function codeRequest(contact: Contact, orgId: string, requestedBy: string | undefined) {
  return contact.email
    ? { contact: contact.email, channel: "email" as const, purpose: "auth" as const, orgId, requestedBy }
    : { contact: contact.phone!, channel: "sms" as const, purpose: "auth" as const, orgId, requestedBy };
}

function magicLinkMessage(to: string, link: string, expiresAt: number, requestedBy: string | undefined) {
  return {
    to,
    channel: "email" as const,
    subject: "Sign in to Latch",
    text: `Open this link to sign in:\n\n${link}\n\nIf you did not ask for it, ignore this email.`,
    code: null,
    link,
    expiresAt,
    requestedBy,
  };
}

export async function requireUser(ctx: EmulatorContext, orgId: string): Promise<UserRow> {
  const user = await findUserByOrg(ctx.db, orgId);
  if (!user) throw notFound("USER_NOT_FOUND", `No user in organization ${orgId}`);
  return user;
}

/** The Origin header, as the app that asked for a code or link. */
export function requestOrigin(c: Context): string | undefined {
  const value = c.req.header("Origin");
  return value && value !== "null" ? value : undefined;
}

function origin(c: Context): string | undefined {
  const value = c.req.header("Origin");
  return value && value !== "null" ? `${value}/` : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
