import type { ServerContext } from "../context";
import { ApiError } from "../errors";
import { admit, refund, type Admission } from "../store/rateLimits";

/** A sliding-window allowance of guesses (codes, TOTP) under one key, and how a refusal reads. */
export interface Budget {
  key: string;
  limit: number;
  windowMs: number;
  refuse(retryAfterSeconds: number): ApiError;
  /** When this budget refuses: other budgets that may, all together, admit the guess instead (none: refused). */
  overflow?(refusal: Admission): Promise<Budget[] | undefined>;
}

const rateLimited = (message: string) => (retryAfterSeconds: number) =>
  new ApiError(429, "RATE_LIMITED", `${message}; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });

/** A budget over the guess window that answers 429 with `message` when spent. */
const hourly = (ctx: ServerContext, key: string, limit: number, message: string): Budget => ({
  key,
  limit,
  windowMs: ctx.limits.guessWindowMs,
  refuse: rateLimited(message),
});

/** Failed email/SMS code guesses per account (an organisation, or the contact of a code not tied to one). */
export function accountBudget(ctx: ServerContext, account: string): Budget {
  return hourly(ctx, `guess:account:${account}`, ctx.limits.guessesPerAccount, "Too many wrong codes for this account");
}

/** Failed code guesses on one account from one client address (whether the client is new to the account). */
export function accountClientBudget(ctx: ServerContext, account: string, client: string): Budget {
  return hourly(ctx, `guess:account-client:${account}|${client}`, ctx.limits.guessesPerClient, "Too many wrong codes from this client");
}

/**
 * While the account budget is spent: one try of a code sent after it ran out, for a client that has
 * not guessed wrong on the account in the window. The inbox's holder gets in with a fresh code; an
 * attacker gets one more guess per fresh client address and per code sent, within
 * freshCodesAccountBudget (SECURITY.md, "Code guessing").
 */
export function freshCodeBudget(ctx: ServerContext, account: string, client: string): Budget {
  return hourly(ctx, `guess:fresh-code:${account}|${client}`, 1, "Too many wrong codes for this account");
}

/** All fresh-code tries on one account from clients that never signed in to it: 90 + 10 = 100 evaluated an hour at most. */
export function freshCodesAccountBudget(ctx: ServerContext, account: string): Budget {
  return hourly(ctx, `guess:fresh-codes:${account}`, ctx.limits.freshCodeGuessesPerAccount, "Too many wrong codes for this account");
}

/** Failed guesses from one client address, whatever the account. */
export function clientBudget(ctx: ServerContext, client: string): Budget {
  return hourly(ctx, `guess:client:${client}`, ctx.limits.guessesPerClient, "Too many wrong codes from this client");
}

/** Failed TOTP codes per user. */
export function totpUserBudget(ctx: ServerContext, orgId: string): Budget {
  return hourly(ctx, `totp:user:${orgId}`, ctx.limits.totpFailuresPerUser, "Too many wrong authenticator codes for this account");
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
 * Runs one guess inside its budgets: each must admit it (atomically, in the database), or its
 * overflow budget must, before the guess is evaluated. A wrong guess keeps its slots; anything else
 * (right, expired, unknown) gives them back, so only failures count. `guess` learns which budgets
 * admitted it.
 */
export async function withinBudgets<T>(
  ctx: ServerContext,
  budgets: Budget[],
  guess: (admittedBy: Budget[]) => Promise<T>,
  isWrongGuess: (error: unknown) => boolean,
): Promise<T> {
  const at = ctx.now();
  const taken: Budget[] = [];
  const giveBack = () => refund(ctx.db, taken.map((b) => b.key), at);
  for (const budget of budgets) {
    const admitting = await admitted(ctx, budget, at);
    if ("refusal" in admitting) {
      await giveBack();
      throw admitting.refusal;
    }
    taken.push(...admitting.budgets);
  }
  try {
    const result = await guess(taken);
    await giveBack();
    return result;
  } catch (error) {
    if (!isWrongGuess(error)) await giveBack();
    throw error;
  }
}

async function admitted(ctx: ServerContext, budget: Budget, at: number): Promise<{ budgets: Budget[] } | { refusal: ApiError }> {
  const admission = await admit(ctx.db, budget.key, budget.limit, budget.windowMs, at);
  if (admission.admitted) return { budgets: [budget] };
  const overflow = (await budget.overflow?.(admission)) ?? [];
  const taken: Budget[] = [];
  let overflowRefusal: { budget: Budget; admission: Admission } | undefined;
  for (const other of overflow) {
    const otherAdmission = await admit(ctx.db, other.key, other.limit, other.windowMs, at);
    if (!otherAdmission.admitted) {
      overflowRefusal = { budget: other, admission: otherAdmission };
      break;
    }
    taken.push(other);
  }
  if (overflow.length > 0 && taken.length === overflow.length) return { budgets: taken };
  await refund(ctx.db, taken.map((b) => b.key), at);
  // Retry-After: when a guess gets in again — this budget frees a slot, or the overflow budget that
  // refused does (e.g. the fresh-code budget, spent after the account's): the sooner, in that budget's words.
  const freeAt = (refused: { budget: Budget; admission: Admission }) => refused.admission.oldest + refused.budget.windowMs;
  const refusals = [{ budget, admission }, ...(overflowRefusal ? [overflowRefusal] : [])];
  const first = refusals.reduce((sooner, refused) => (freeAt(refused) < freeAt(sooner) ? refused : sooner));
  return { refusal: first.budget.refuse(Math.max(1, Math.ceil((freeAt(first) - at) / 1000))) };
}

export const isErrorCode =
  (...codes: string[]) =>
  (error: unknown): boolean =>
    error instanceof ApiError && codes.includes(error.code);
