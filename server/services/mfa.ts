import { createHash } from "node:crypto";
import { MFA_FACTOR_TYPE } from "../../wire/constants";
import { badRequest, ApiError } from "../errors";
import type { ServerContext } from "../context";
import type { Sql } from "../db/sql";
import { base64url, fromBase64url } from "../crypto/encoding";
import { matchTotpStep } from "../crypto/totp";
import { acceptStep, lockFactor, verifiedFactors } from "../store/factors";
import { clientBudget, isErrorCode, totpContextBudget, totpUserBudget, withinBudgets } from "./budgets";

export const INVALID_MFA_MESSAGE = "Invalid MFA code";
export const MFA_REQUIRED_MESSAGE = "MFA is required for this user";

export interface FactorSummary {
  multiFactorId: string;
  multiFactorType: string;
}

export interface FactorCode {
  multiFactorId: string;
  multiFactorCode: string;
}

export async function listFactors(sql: Sql, orgId: string): Promise<FactorSummary[]> {
  return (await verifiedFactors(sql, orgId)).map((f) => ({ multiFactorId: f.id, multiFactorType: f.type }));
}

export function mfaRequired(factors: FactorSummary[]): ApiError {
  // The contract reads `data.multiFactors`; `details` keeps our usual error shape.
  return new ApiError(403, "MFA_REQUIRED", MFA_REQUIRED_MESSAGE, { multiFactors: factors }, { data: { multiFactors: factors } });
}

/** Where a TOTP guess comes from: the client's address and, for a pending sign-in, its context. */
export interface GuessSource {
  client: string;
  /** The pending MFA sign-in (hash of its encryptedPayload): a few attempts, then it is dead. */
  context?: string;
}

/**
 * Checks a TOTP code against one factor of the organisation and uses up its time step, within the
 * budgets: the pending sign-in's attempts, the user's TOTP failures and the client's guesses (not
 * the account's code budget: an attacker who spends that must not lock the user's factor).
 * `verifying` accepts a factor that is not verified yet (and verifies it).
 */
export async function checkFactorCode(ctx: ServerContext, orgId: string, given: FactorCode, source: GuessSource, verifying = false): Promise<void> {
  const budgets = [
    ...(source.context ? [totpContextBudget(ctx, source.context)] : []),
    totpUserBudget(ctx, orgId),
    clientBudget(ctx, source.client),
  ];
  await withinBudgets(ctx, budgets, () => checkOnce(ctx, orgId, given, verifying), isErrorCode("INVALID_MFA_CODE"));
}

async function checkOnce(ctx: ServerContext, orgId: string, given: FactorCode, verifying: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const factor = await lockFactor(tx, orgId, given.multiFactorId);
    if (!factor || (!factor.verified && !verifying)) {
      throw badRequest("MFA_FACTOR_NOT_FOUND", `${INVALID_MFA_MESSAGE}: no such factor ${given.multiFactorId}`);
    }
    const secret = ctx.secrets.open("totp-at-rest", factor.sealedSecret, factor.id);
    const step = matchTotpStep(secret, given.multiFactorCode, ctx.now());
    if (step === null) throw badRequest("INVALID_MFA_CODE", INVALID_MFA_MESSAGE);
    if (factor.lastStep !== null && step <= Number(factor.lastStep)) {
      throw badRequest("INVALID_MFA_CODE", `${INVALID_MFA_MESSAGE}: this code was already used, wait for the next one`);
    }
    await acceptStep(tx, factor.id, step);
  });
}

/** Every given factor must be a verified factor of the organisation with a fresh, valid code. */
export async function checkFactorCodes(ctx: ServerContext, orgId: string, given: FactorCode[], source: GuessSource): Promise<void> {
  if (given.length === 0) throw mfaRequired(await listFactors(ctx.db, orgId));
  for (const factor of given) await checkFactorCode(ctx, orgId, factor, source);
}

export function isTotp(type: string): boolean {
  return type === MFA_FACTOR_TYPE;
}

/** What a sign-in still needs after the email code when MFA is on; sealed so only this emulator can read it. */
export interface PendingSignIn {
  orgId: string;
  targetPublicKey: string;
  expirationSeconds?: number;
  expiresAt: number;
}

export function sealPendingSignIn(ctx: ServerContext, pending: Omit<PendingSignIn, "expiresAt">): string {
  const payload: PendingSignIn = { ...pending, expiresAt: ctx.now() + ctx.limits.mfaPayloadTtlMs };
  return base64url(ctx.secrets.seal("mfa-payload", new TextEncoder().encode(JSON.stringify(payload))));
}

export function openPendingSignIn(ctx: ServerContext, encryptedPayload: string): PendingSignIn {
  let pending: PendingSignIn;
  try {
    pending = JSON.parse(new TextDecoder().decode(ctx.secrets.open("mfa-payload", fromBase64url(encryptedPayload)))) as PendingSignIn;
  } catch {
    throw badRequest("INVALID_ENCRYPTED_PAYLOAD", "encryptedPayload was not issued by this emulator");
  }
  if (pending.expiresAt < ctx.now()) throw badRequest("ENCRYPTED_PAYLOAD_EXPIRED", "encryptedPayload has expired; sign in again");
  return pending;
}

export function payloadHash(encryptedPayload: string): string {
  return `mfa-payload:${createHash("sha256").update(encryptedPayload).digest("hex")}`;
}
