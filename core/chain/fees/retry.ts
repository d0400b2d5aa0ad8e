// Retry settings (spec §3, §5, §9): how a user operation's receipt is awaited. Each at least 0.
import { type } from "arktype";
import { RETRY_DEFAULTS } from "../../constants";
import { ChainConfigError } from "../errors";
import { NON_NEGATIVE_MESSAGE } from "./values";

export interface RetrySettings {
  /** Receipt look-ups after the first one. */
  txMaxRetries: number;
  /** Wait before the first retry, in ms. */
  txRetryIntervalMs: number;
  /** Each wait is the previous one times this. */
  txRetryMultiplier: number;
}

const atLeastZero = type("number").narrow(
  (value, ctx) => (Number.isFinite(value) && value >= 0) || ctx.reject({ message: NON_NEGATIVE_MESSAGE }),
);

const retrySchema = type({
  "+": "reject",
  "txMaxRetries?": atLeastZero,
  "txRetryIntervalMs?": atLeastZero,
  "txRetryMultiplier?": atLeastZero,
});

/** Validates partial settings and fills the spec §9 defaults (5 retries, 2000 ms, × 1.5). */
export function resolveRetrySettings(settings: Partial<RetrySettings> = {}): RetrySettings {
  const checked = retrySchema(settings);
  if (checked instanceof type.errors) {
    throw new ChainConfigError(checked.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
  }
  return { ...RETRY_DEFAULTS, ...settings };
}

/** The waits between look-ups: interval × multiplier^i for i in 0..txMaxRetries-1. */
export function retryDelays(settings: RetrySettings): number[] {
  const delays: number[] = [];
  for (let attempt = 0; attempt < Math.floor(settings.txMaxRetries); attempt++) {
    delays.push(settings.txRetryIntervalMs * settings.txRetryMultiplier ** attempt);
  }
  return delays;
}
