import type { ServerContext } from "../context";
import { ApiError } from "../errors";
import { admit, refund } from "../store/rateLimits";

/** A sliding-window allowance of guesses (codes, TOTP) under one key, and how a refusal reads. */
export interface Budget {
  key: string;
  limit: number;
  windowMs: number;
  refuse(retryAfterSeconds: number): ApiError;
}

const rateLimited = (message: string) => (retryAfterSeconds: number) =>
  new ApiError(429, "RATE_LIMITED", `${message}; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });

/** Failed code and TOTP guesses per account (an organisation, or the contact of a code not tied to one): OWASP ASVS 2.2.1. */
export function accountBudget(ctx: ServerContext, account: string): Budget {
  return {
    key: `guess:account:${account}`,
    limit: ctx.limits.guessesPerAccount,
    windowMs: ctx.limits.guessWindowMs,
    refuse: rateLimited("Too many wrong codes for this account"),
  };
}

/** Failed guesses from one client address, whatever the account. */
export function clientBudget(ctx: ServerContext, client: string): Budget {
  return {
    key: `guess:client:${client}`,
    limit: ctx.limits.guessesPerClient,
    windowMs: ctx.limits.guessWindowMs,
    refuse: rateLimited("Too many wrong codes from this client"),
  };
}

/** Failed TOTP codes per user. */
export function totpUserBudget(ctx: ServerContext, orgId: string): Budget {
  return {
    key: `totp:user:${orgId}`,
    limit: ctx.limits.totpFailuresPerUser,
    windowMs: ctx.limits.guessWindowMs,
    refuse: rateLimited("Too many wrong authenticator codes for this account"),
  };
}

/** TOTP attempts on one pending MFA sign-in: after this many the sign-in is dead and starts over. */
export function totpContextBudget(ctx: ServerContext, context: string): Budget {
  return {
    key: `totp:context:${context}`,
    limit: ctx.limits.totpAttemptsPerContext,
    windowMs: ctx.limits.mfaPayloadTtlMs,
    refuse: () =>
      new ApiError(400, "MFA_ATTEMPTS_EXCEEDED", `Too many attempts (${ctx.limits.totpAttemptsPerContext}) for this sign-in: sign in again`),
  };
}

/**
 * Runs one guess inside its budgets: each must admit it (atomically, in the database) before the
 * guess is evaluated. A wrong guess keeps its slots; anything else (right, expired, unknown) gives
 * them back, so only failures count.
 */
export async function withinBudgets<T>(
  ctx: ServerContext,
  budgets: Budget[],
  guess: () => Promise<T>,
  isWrongGuess: (error: unknown) => boolean,
): Promise<T> {
  const at = ctx.now();
  const taken: Budget[] = [];
  const giveBack = () => refund(ctx.db, taken.map((b) => b.key), at);
  for (const budget of budgets) {
    const admission = await admit(ctx.db, budget.key, budget.limit, budget.windowMs, at);
    if (!admission.admitted) {
      await giveBack();
      throw budget.refuse(Math.max(1, Math.ceil((admission.oldest + budget.windowMs - at) / 1000)));
    }
    taken.push(budget);
  }
  try {
    const result = await guess();
    await giveBack();
    return result;
  } catch (error) {
    if (!isWrongGuess(error)) await giveBack();
    throw error;
  }
}

export const isErrorCode =
  (...codes: string[]) =>
  (error: unknown): boolean =>
    error instanceof ApiError && codes.includes(error.code);
