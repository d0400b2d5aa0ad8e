import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "../../wire/constants";
import { badRequest, notFound, type ApiError } from "../errors";
import type { ServerContext } from "../context";
import type { Sql } from "../db/sql";
import { countWrongTry, findOtpOwner, insertOtp, lockOtp, markOtpUsed, type Channel, type OtpPurpose, type OtpRow } from "../store/otps";
import { countHits, mark } from "../store/rateLimits";
import { accountBudget, accountClientBudget, clientBudget, freshCodeBudget, freshCodesAccountBudget, isErrorCode, withinBudgets, type Budget } from "./budgets";
import { deliver } from "./delivery";

/** The exact text the kit maps to its translated wrong-code message. */
export const INVALID_OTP_MESSAGE = "invalid OTP code";

export interface CodeRequest {
  contact: string;
  channel: Channel;
  purpose: OtpPurpose;
  orgId: string | null;
  /** The app that asked (the request's Origin), named in the message. */
  requestedBy?: string | undefined;
  /** The client address that asked (send caps). */
  client?: string | undefined;
  /** The request's Accept-Language: the locale of the operator's template. */
  acceptLanguage?: string | undefined;
}

/** Creates a one-time code and sends it, in the caller's transaction. */
export async function sendCode(sql: Sql, ctx: ServerContext, request: CodeRequest): Promise<string> {
  const id = randomUUID();
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
  const minutes = Math.round(ctx.limits.otpTtlMs / 60_000);
  const expiresAt = ctx.now() + ctx.limits.otpTtlMs;
  const { requestedBy, client, acceptLanguage, ...otp } = request;
  const app = ctx.appName;
  await insertOtp(sql, { id, ...otp, codeHash: hashCode(ctx, id, code), expiresAt }, ctx.now());
  const text =
    request.channel === "sms"
      ? `Your ${app} code is ${code}. It expires in ${minutes} minutes.`
      : `Your ${app} ${request.purpose === "auth" ? "sign-in" : "verification"} code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this email.`;
  await deliver(sql, ctx, {
    to: request.contact,
    channel: request.channel,
    subject: request.purpose === "auth" ? `Your ${app} sign-in code` : `Your ${app} verification code`,
    kind: request.purpose === "auth" ? "sign-in-code" : "verification-code",
    appName: app,
    acceptLanguage,
    text,
    code,
    link: null,
    expiresAt,
    requestedBy,
    client,
  });
  return id;
}

/**
 * Checks a code and uses it up, within the guess budgets of its account and of the client. A wrong
 * code counts a try (kept even though the call fails); the code dies after the allowed tries, on
 * expiry, or after one successful use.
 *
 * When the account's budget is spent, the refusal binds to the codes sent before it ran out and to the
 * clients that guessed wrong on the account: a code sent afterwards still gets one try from a client
 * new to the account (freshCodeBudget), at most `freshCodeGuessesPerAccount` such tries going wrong
 * (freshCodesAccountBudget), so 100 wrong codes evaluated an hour at most. Past that, only a client that
 * redeemed a code for the account before (the owner's address: knownClientKey) still gets its one try.
 * So an attacker without the inbox cannot lock its holder out by guessing (SECURITY.md, "Code guessing").
 */
export async function redeemCode(
  ctx: ServerContext,
  attempt: { otpId: string; code: string; purpose: OtpPurpose; orgId?: string },
  client: string,
): Promise<OtpRow> {
  const owner = await findOtpOwner(ctx.db, attempt.otpId);
  const wrongCode = isErrorCode("INVALID_OTP");
  if (!owner) return withinBudgets(ctx, [clientBudget(ctx, client)], () => redeemOnce(ctx, attempt, ctx.limits.otpMaxAttempts), wrongCode);
  const account = owner.orgId ?? `contact:${owner.contact}`;
  const known = knownClientKey(ctx, account, client);
  const pair = accountClientBudget(ctx, account, client);
  const fresh = freshCodeBudget(ctx, account, client);
  const freshTry = async (refusal: { newest: number }) =>
    owner.createdAt >= refusal.newest && owner.attempts === 0 && (await countHits(ctx.db, pair.key, ctx.now() - pair.windowMs)) === 0;
  // A known client's try does not spend the fresh-code budget, which an attacker may have spent.
  const freshBudgets = async () => ((await countHits(ctx.db, known, ctx.now() - ctx.limits.knownClientMs)) > 0 ? [fresh] : [freshCodesAccountBudget(ctx, account), fresh]);
  const budget: Budget = { ...accountBudget(ctx, account), overflow: async (refusal) => ((await freshTry(refusal)) ? freshBudgets() : undefined) };
  const tries = (admittedBy: Budget[]) => (admittedBy.includes(fresh) ? 1 : ctx.limits.otpMaxAttempts);
  const otp = await withinBudgets(ctx, [budget, pair, clientBudget(ctx, client)], (admittedBy) => redeemOnce(ctx, attempt, tries(admittedBy)), wrongCode);
  await mark(ctx.db, known, ctx.now(), ctx.limits.knownClientMs);
  return otp;
}

/** The mark of a client address that redeemed a code for the account: a keyed hash, so the store never holds the address. */
function knownClientKey(ctx: ServerContext, account: string, client: string): string {
  return `known-client:${createHmac("sha256", ctx.secrets.key("known-client")).update(`${account}|${client}`).digest("hex")}`;
}

async function redeemOnce(
  ctx: ServerContext,
  attempt: { otpId: string; code: string; purpose: OtpPurpose; orgId?: string },
  maxAttempts: number,
): Promise<OtpRow> {
  const outcome = await ctx.db.transaction(async (tx): Promise<{ otp: OtpRow } | { error: ApiError }> => {
    const otp = await lockOtp(tx, attempt.otpId);
    if (!otp || otp.purpose !== attempt.purpose || (attempt.orgId !== undefined && otp.orgId !== attempt.orgId)) {
      return { error: notFound("OTP_NOT_FOUND", "No such code; request a new one") };
    }
    if (otp.usedAt !== null) return { error: badRequest("OTP_ALREADY_USED", "This code was already used; request a new one") };
    if (otp.expiresAt < ctx.now()) return { error: badRequest("OTP_EXPIRED", "This code has expired; request a new one") };
    if (otp.attempts >= maxAttempts) {
      return { error: badRequest("OTP_ATTEMPTS_EXCEEDED", "Too many wrong codes; request a new one") };
    }
    if (!sameHash(otp.codeHash, hashCode(ctx, otp.id, attempt.code))) {
      const tries = await countWrongTry(tx, otp.id);
      return { error: badRequest("INVALID_OTP", INVALID_OTP_MESSAGE, { attemptsLeft: Math.max(0, maxAttempts - tries) }) };
    }
    await markOtpUsed(tx, otp.id, ctx.now());
    return { otp };
  });
  if ("error" in outcome) throw outcome.error;
  return outcome.otp;
}

function hashCode(ctx: ServerContext, otpId: string, code: string): string {
  return createHmac("sha256", ctx.secrets.key("otp-hash")).update(`${otpId}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
