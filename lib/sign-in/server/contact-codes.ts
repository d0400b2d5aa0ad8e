// The server part email and SMS sign-in share: one-time codes to a contact. `otp` trades a sign-in
// code for a session (or asks for the second factor); `init-otp` / `verify-otp` prove a contact
// before it is linked to an account; `signer-config` tells the kit the server's email mode.
import { Hono, type Context } from "hono";
import { requests } from "../../../wire/requests";
import {
  checkFactorCodes,
  clientAddress,
  findUserByContact,
  listFactors,
  notFound,
  openSession,
  prepareAccount,
  redeemCode,
  readBody,
  requestOrigin,
  requireUser,
  saveAccount,
  schemas as s,
  sealPendingSignIn,
  sendCode,
  signVerificationToken,
  validate,
  type Contact,
  type EmulatorContext,
  type ServerPart,
} from "../../../server/method-kit";

const otpBody = requests.otp;
const initBody = requests["init-otp"];
const verifyBody = requests["verify-otp"];

export const contactCodes: ServerPart = {
  id: "contact-codes",
  routes: (ctx) => {
    const app = new Hono();

    app.post("/signer-config", (c) => c.json({ email: { mode: ctx.emailMode === "magic-link" ? "MAGIC_LINK" : "OTP" } }));

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

    app.post("/init-otp", async (c) => {
      const { contact, otpType } = await readBody(c, initBody);
      const request =
        otpType === "OTP_TYPE_EMAIL"
          ? { contact: s.normalizeEmail(validate(s.email, contact, "contact")), channel: "email" as const }
          : { contact: validate(s.phone, contact, "contact"), channel: "sms" as const };
      const otpId = await ctx.db.transaction((tx) => sendCode(tx, ctx, { ...request, purpose: "verify", orgId: null, requestedBy: requestOrigin(c) }));
      return c.json({ otpId });
    });

    app.post("/verify-otp", async (c) => {
      const { otpId, otpCode } = await readBody(c, verifyBody);
      const otp = await redeemCode(ctx, { otpId, code: otpCode, purpose: "verify" }, clientAddress(c));
      const verificationToken = await signVerificationToken(
        ctx.secrets,
        { contact: otp.contact, otpType: otp.channel === "email" ? "OTP_TYPE_EMAIL" : "OTP_TYPE_SMS", otpId },
        ctx.publicUrl,
        ctx.limits.verificationTokenTtlSeconds,
        ctx.now(),
      );
      return c.json({ verificationToken });
    });

    return app;
  },
};

/** Sign-up by code: a new user and wallet, and a code to the contact (`otp` finishes). */
export async function signUpWithCode(c: Context, ctx: EmulatorContext, contact: Contact) {
  const account = await prepareAccount(ctx, contact);
  const { user } = account;
  const otpId = await ctx.db.transaction(async (tx) => {
    await saveAccount(tx, ctx, account);
    return sendCode(tx, ctx, codeRequest(contact, user.orgId, requestOrigin(c)));
  });
  return { orgId: user.orgId, userId: user.userId, address: user.address, solanaAddress: user.solanaAddress, otpId };
}

/** Sign-in by code of a known user: a code to the contact. */
export async function signInWithCode(c: Context, ctx: EmulatorContext, contact: Contact) {
  const user = await findUserByContact(ctx.db, contact);
  if (!user) throw notFound("USER_NOT_FOUND", `No user found for this ${contact.email ? "email" : "phone number"}`);
  const otpId = await ctx.db.transaction((tx) => sendCode(tx, ctx, codeRequest(contact, user.orgId, requestOrigin(c))));
  return { orgId: user.orgId, otpId };
}

function codeRequest(contact: Contact, orgId: string, requestedBy: string | undefined) {
  return contact.email
    ? { contact: contact.email, channel: "email" as const, purpose: "auth" as const, orgId, requestedBy }
    : { contact: contact.phone!, channel: "sms" as const, purpose: "auth" as const, orgId, requestedBy };
}
