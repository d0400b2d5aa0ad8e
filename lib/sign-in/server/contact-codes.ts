// The server part email and SMS sign-in share: one-time codes to a contact. `otp` trades a sign-in
// code for a session (or asks for the second factor); `init-otp` / `verify-otp` prove a contact
// before it is linked to an account (also as the key-management activities `init_otp` / `verify_otp`);
// `signer-config` tells the kit the server's email mode.
import type { Context } from "hono";
import { requests } from "../../../wire/requests";
import { operationRequests } from "../../../wire/operation-requests";
import {
  checkFactorCodes,
  clientAddress,
  findUserByContact,
  keyOperation,
  listFactors,
  notFound,
  openSession,
  prepareAccount,
  post,
  redeemCode,
  requester,
  requireUser,
  saveAccount,
  schemas as s,
  sealPendingSignIn,
  sendCode,
  signVerificationToken,
  validate,
  type Contact,
  type ServerContext,
  type ServerPart,
  type Sql,
} from "../../../server/method-kit";

const otpBody = requests.otp;
const initBody = requests["init-otp"];
const verifyBody = requests["verify-otp"];
const initOtpActivity = operationRequests["submit/init_otp"];
const verifyOtpActivity = operationRequests["submit/verify_otp"];

export const contactCodes: ServerPart = {
  id: "contact-codes",
  routes: [
    { method: "POST", path: "/signer-config", handle: (_c, _body, ctx) => ({ email: { mode: ctx.emailMode === "magic-link" ? "MAGIC_LINK" : "OTP" } }) },

    post("/otp", otpBody, async (c, request, ctx) => {
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
          return { status: "MFA_REQUIRED", encryptedPayload, multiFactors: factors };
        }
        await checkFactorCodes(ctx, user.orgId, request.multiFactors, { client: clientAddress(c) });
      }
      const credentialBundle = await openSession(ctx, user.orgId, request.targetPublicKey, request.expirationSeconds, { secondFactor: factors.length > 0, signIn: true });
      ctx.observer.signIn(otp.channel === "email" ? "email-code" : "sms-code");
      return { status: "SUCCESS", credentialBundle };
    }),

    post("/init-otp", initBody, async (c, request, ctx) => {
      return { otpId: await ctx.db.transaction((tx) => initContactCode(c, ctx, tx, request)) };
    }),

    post("/verify-otp", verifyBody, async (c, request, ctx) => {
      return { verificationToken: await verifyContactCode(c, ctx, request) };
    }),
  ],
  // The same two steps as key-management activities (the provider's names), for a signed-in user.
  operations: {
    "submit/init_otp": keyOperation(initOtpActivity, async (c, ctx, body, user, record) => {
      const activity = await ctx.db.transaction(async (tx) => {
        const otpId = await initContactCode(c, ctx, tx, body.parameters);
        return record(tx, { type: body.type, orgId: user.orgId, result: { initOtpResult: { otpId } } });
      });
      return { activity };
    }),
    "submit/verify_otp": keyOperation(verifyOtpActivity, async (c, ctx, body, user, record) => {
      const verificationToken = await verifyContactCode(c, ctx, body.parameters);
      return { activity: await record(ctx.db, { type: body.type, orgId: user.orgId, result: { verifyOtpResult: { verificationToken } } }) };
    }),
  },
};

/** Sends a code proving a contact (not yet any account's); answers its otpId. */
async function initContactCode(c: Context, ctx: ServerContext, tx: Sql, { contact, otpType }: typeof initBody.infer): Promise<string> {
  const request =
    otpType === "OTP_TYPE_EMAIL"
      ? { contact: s.normalizeEmail(validate(s.email, contact, "contact")), channel: "email" as const }
      : { contact: validate(s.phone, contact, "contact"), channel: "sms" as const };
  return sendCode(tx, ctx, { ...request, purpose: "verify", orgId: null, ...requester(c) });
}

/** Redeems a contact code; answers the verification token naming the contact. */
async function verifyContactCode(c: Context, ctx: ServerContext, { otpId, otpCode }: typeof verifyBody.infer): Promise<string> {
  const otp = await redeemCode(ctx, { otpId, code: otpCode, purpose: "verify" }, clientAddress(c));
  return signVerificationToken(
    ctx.secrets,
    { contact: otp.contact, otpType: otp.channel === "email" ? "OTP_TYPE_EMAIL" : "OTP_TYPE_SMS", otpId },
    ctx.publicUrl,
    ctx.limits.verificationTokenTtlSeconds,
    ctx.now(),
  );
}

/** Sign-up by code: a new user and wallet, and a code to the contact (`otp` finishes). */
export async function signUpWithCode(c: Context, ctx: ServerContext, contact: Contact) {
  const account = await prepareAccount(ctx, contact);
  const { user } = account;
  const otpId = await ctx.db.transaction(async (tx) => {
    await saveAccount(tx, ctx, account);
    return sendCode(tx, ctx, codeRequest(contact, user.orgId, requester(c)));
  });
  return { orgId: user.orgId, userId: user.userId, address: user.address, solanaAddress: user.solanaAddress, otpId };
}

/** Sign-in by code of a known user: a code to the contact. */
export async function signInWithCode(c: Context, ctx: ServerContext, contact: Contact) {
  const user = await findUserByContact(ctx.db, contact);
  if (!user) throw notFound("USER_NOT_FOUND", `No user found for this ${contact.email ? "email" : "phone number"}`);
  const otpId = await ctx.db.transaction((tx) => sendCode(tx, ctx, codeRequest(contact, user.orgId, requester(c))));
  return { orgId: user.orgId, otpId };
}

function codeRequest(contact: Contact, orgId: string, from: ReturnType<typeof requester>) {
  return contact.email
    ? { contact: contact.email, channel: "email" as const, purpose: "auth" as const, orgId, ...from }
    : { contact: contact.phone!, channel: "sms" as const, purpose: "auth" as const, orgId, ...from };
}
