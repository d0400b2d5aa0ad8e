// Step-up: changes that would turn a stolen session into a lasting takeover (adding, removing or
// replacing a second factor, adding or removing a passkey or a linked provider, changing the email or
// phone, exporting the wallet, creating API keys) need a fresh proof beside the session. The proof is
// recorded for the one credential that stamped it (a session's API key) and lasts
// `limits.stepUpWindowMs`; a request stamped by a passkey carries its own (a user-verified assertion
// over a body at most `stampMaxSkewMs` old, used once); a session a first-factor sign-in opened less
// than `limits.signInProofMs` ago is its own (that sign-in just proved the contact, passkey or
// provider), unless the account has an authenticator app its sign-in did not pass.
import { createHash } from "node:crypto";
import { ApiError, badRequest } from "../errors";
import type { ServerContext } from "../context";
import { readVerificationToken } from "../crypto/verificationToken";
import { listAuthenticators } from "../store/authenticators";
import { verifiedFactors } from "../store/factors";
import { freshnessOf, recordStepUp, type Freshness } from "../store/stepUps";
import { claimOnce } from "../store/usedTokens";
import { findUserByOrg } from "../store/users";
import type { VerifiedStamp } from "./stamps/scheme";

export const STEP_UP_REQUIRED_MESSAGE = "This change needs a fresh proof that it is you";

/** One proof the user can give: a TOTP code of a factor, a code sent to a contact they have, a passkey. */
export type StepUpProof =
  | { type: "totp"; multiFactorId: string; multiFactorType: string }
  | { type: "otp"; otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS" }
  | { type: "passkey" };

const isPasskeyStamp = (stamp: VerifiedStamp) => stamp.credential.startsWith("webauthn:");

/**
 * What the user can prove with, strongest first: with a TOTP factor, its code (a code to the
 * contact is then not enough); otherwise a code to the email or phone they have. A passkey always.
 */
export async function stepUpProofs(ctx: ServerContext, orgId: string): Promise<StepUpProof[]> {
  const [factors, passkeys, user] = await Promise.all([verifiedFactors(ctx.db, orgId), listAuthenticators(ctx.db, orgId), findUserByOrg(ctx.db, orgId)]);
  const proofs: StepUpProof[] = factors.map((f) => ({ type: "totp", multiFactorId: f.id, multiFactorType: f.type }));
  if (proofs.length === 0) {
    if (user?.email) proofs.push({ type: "otp", otpType: "OTP_TYPE_EMAIL" });
    if (user?.phone) proofs.push({ type: "otp", otpType: "OTP_TYPE_SMS" });
  }
  if (passkeys.length > 0) proofs.push({ type: "passkey" });
  return proofs;
}

/**
 * Refuses (403 STEP_UP_REQUIRED, naming the proofs the user can give) unless the stamp is a passkey's,
 * its credential proved a factor within the window, or its session was opened by a sign-in just now
 * (`signedInJustNow`). A user with nothing to prove with (no factor, contact or passkey: a social or
 * JWT account alone) is let through on the session.
 */
export async function requireFreshProof(ctx: ServerContext, orgId: string, stamp: VerifiedStamp): Promise<void> {
  if (isPasskeyStamp(stamp)) return;
  const freshness = await freshnessOf(ctx.db, orgId, stamp.credential, ctx.now());
  if (freshness.stepUp) return;
  const proofs = await stepUpProofs(ctx, orgId);
  if (proofs.length === 0) return;
  if (signedInJustNow(ctx, freshness, proofs)) return;
  const windowSeconds = Math.round(ctx.limits.stepUpWindowMs / 1000);
  throw new ApiError(
    403,
    "STEP_UP_REQUIRED",
    `${STEP_UP_REQUIRED_MESSAGE}: ${describe(proofs)} (step-up), then send the request again within ${windowSeconds} s`,
    { proofs, windowSeconds },
  );
}

/**
 * A session a first-factor sign-in opened within `limits.signInProofMs` (strictly less) proved the
 * contact, passkey or provider just now: that counts, except on an account with an authenticator app
 * whose code the sign-in did not ask (enrolled after it), where only that code is a proof.
 */
function signedInJustNow(ctx: ServerContext, freshness: Freshness, proofs: StepUpProof[]): boolean {
  if (freshness.signedInAt === null || ctx.now() - freshness.signedInAt >= ctx.limits.signInProofMs) return false;
  return freshness.secondFactorAt !== null || !proofs.some((proof) => proof.type === "totp");
}

function describe(proofs: StepUpProof[]): string {
  const names = proofs.map((p) =>
    p.type === "totp" ? "a code of the authenticator app" : p.type === "passkey" ? "a passkey (stamp the request with it)" : `a code sent to the ${p.otpType === "OTP_TYPE_EMAIL" ? "email" : "phone"} on the account`,
  );
  return [...new Set(names)].join(", or ");
}

/** Records that the stamping credential proved a factor now (a TOTP code of a verified factor, checked by the caller). */
export async function recordFreshProof(ctx: ServerContext, orgId: string, stamp: VerifiedStamp): Promise<void> {
  await recordStepUp(ctx.db, orgId, stamp.credential, ctx.now() + ctx.limits.stepUpWindowMs);
}

/**
 * A verification token from verify-otp as a step-up: it must name the user's current email or
 * phone, be issued within the window, and is used once. Refused when the user has a TOTP factor
 * (its code is the proof then).
 */
export async function proveWithVerificationToken(ctx: ServerContext, orgId: string, token: string, stamp: VerifiedStamp): Promise<void> {
  const proofs = await stepUpProofs(ctx, orgId);
  if (proofs.some((p) => p.type === "totp")) {
    throw badRequest("STEP_UP_PROOF_NOT_ACCEPTED", "This account has an authenticator app: its code is the proof, not a code sent to a contact");
  }
  let claims: Awaited<ReturnType<typeof readVerificationToken>>;
  try {
    claims = await readVerificationToken(ctx.secrets, token, ctx.now());
  } catch (error) {
    throw badRequest("INVALID_VERIFICATION_TOKEN", `The verification token is not valid: ${(error as Error).message}`);
  }
  const user = await findUserByOrg(ctx.db, orgId);
  const current = claims.otpType === "OTP_TYPE_EMAIL" ? user?.email : user?.phone;
  if (!current || current !== claims.contact) {
    throw badRequest("VERIFICATION_TOKEN_MISMATCH", "The verification token names another contact than the account's own email or phone");
  }
  if (claims.issuedAtMs < ctx.now() - ctx.limits.stepUpWindowMs) {
    throw badRequest("STALE_PROOF", `The code was verified more than ${Math.round(ctx.limits.stepUpWindowMs / 1000)} s ago: ask for a new one`);
  }
  const hash = `verification-token:${createHash("sha256").update(token).digest("hex")}`;
  if (!(await claimOnce(ctx.db, hash, ctx.now() + ctx.limits.verificationTokenTtlSeconds * 1000))) {
    throw badRequest("VERIFICATION_TOKEN_USED", "This verification token was already used; verify the contact again");
  }
  await recordFreshProof(ctx, orgId, stamp);
}
