import { Hono } from "hono";
import { type } from "arktype";
import type { EmulatorContext } from "../context";
import { readBody, validate } from "../validate";
import * as s from "../schemas";
import { redeemCode, sendCode } from "../services/codes";
import { clientAddress } from "../middleware/client";
import { signVerificationToken } from "../crypto/verificationToken";
import { requestOrigin } from "./auth";

const initBody = type({ contact: "string", otpType: "'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS'" });
const verifyBody = type({ otpId: s.uuid, otpCode: "string" });

/** Proving a contact before it is linked to an account: a code, then a signed token naming the contact. */
export function verificationRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

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
}
