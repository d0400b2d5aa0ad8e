import { Hono } from "hono";
import { STEP_UP_ACTION } from "../../wire/constants";
import { requests } from "../../wire/requests";
import * as s from "../../wire/schemas";
import type { ServerContext } from "../context";
import { bytesToHex, hexToBytes, utf8 } from "../crypto/encoding";
import { badRequest } from "../errors";
import { clientAddress } from "../middleware/client";
import { readBody } from "../validate";
import { requireUser } from "../services/accounts";
import { checkFactorCodes } from "../services/mfa";
import { verifyStampedRequestWithStamp } from "../services/stamps/verify";
import { proveWithVerificationToken, recordFreshProof } from "../services/stepUp";

/** The stamped sign_raw_payload a step-up carries: its payload names `step_up` (as hex, or the name itself). */
const stepUpBody = s.mfaActionBody.narrow((body, check) =>
  namesStepUp(body.parameters.payload) ? true : check.reject({ path: ["parameters", "payload"], expected: `"${STEP_UP_ACTION}" or its hex` }),
);

function namesStepUp(payload: string): boolean {
  if (payload === STEP_UP_ACTION) return true;
  if (!/^(0x)?([0-9a-fA-F]{2})*$/.test(payload)) return false;
  return bytesToHex(hexToBytes(payload)) === bytesToHex(utf8(STEP_UP_ACTION));
}

/**
 * `step-up {stampedRequest, multiFactors | verificationToken | passkeyStamp}`: a fresh proof for the stamping session,
 * which may then make sensitive changes for `limits.stepUpWindowMs` (services/stepUp.ts). The proof is
 * a code of a verified TOTP factor, or — for a user without one — a verify-otp token naming the
 * account's own email or phone, issued within the window and used once; or the same body stamped by
 * one of the user's passkeys (a session that a passkey opened in a signing frame).
 */
export function stepUpRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.post("/step-up", async (c) => {
    const request = await readBody(c, requests["step-up"]);
    const given = [request.multiFactors, request.verificationToken, request.passkeyStamp].filter((proof) => proof !== undefined);
    if (given.length !== 1) {
      throw badRequest("INVALID_REQUEST", "Give one proof: multiFactors (authenticator app codes), verificationToken (from verify-otp) or passkeyStamp");
    }
    const { body, stamp } = await verifyStampedRequestWithStamp(ctx, request.stampedRequest, "submit/sign_raw_payload", stepUpBody);
    const user = await requireUser(ctx, body.organizationId);
    if (request.multiFactors) {
      await checkFactorCodes(ctx, user.orgId, request.multiFactors, { client: clientAddress(c) });
      await recordFreshProof(ctx, user.orgId, stamp);
    } else if (request.passkeyStamp) {
      // The same body (one timestamp, used once per credential) stamped by a passkey of the organisation.
      const cosigned = { ...request.stampedRequest, stamp: request.passkeyStamp };
      const { body: passkeyBody, stamp: passkey } = await verifyStampedRequestWithStamp(ctx, cosigned, "submit/sign_raw_payload", stepUpBody);
      if (!passkey.credential.startsWith("webauthn:") || passkeyBody.organizationId !== user.orgId) {
        throw badRequest("INVALID_REQUEST", "passkeyStamp must be a passkey's stamp (X-Stamp-Webauthn) of the same body, by a passkey of this organization");
      }
      await recordFreshProof(ctx, user.orgId, stamp);
    } else {
      await proveWithVerificationToken(ctx, user.orgId, request.verificationToken!, stamp);
    }
    return c.json({ windowSeconds: Math.round(ctx.limits.stepUpWindowMs / 1000) });
  });
  return app;
}
