// Retry settings: how a user operation's receipt is awaited. Each at least 0.
import { RETRY_DEFAULTS } from "../../constants";
import { checkObject, checkType, Issues } from "../checks";
import { NON_NEGATIVE_MESSAGE } from "./values";

/** How often and how fast user operation receipts are polled. */
export interface RetrySettings {
  /** Receipt look-ups after the first one. */
  txMaxRetries: number;
  /** Wait before the first retry, in ms. */
  txRetryIntervalMs: number;
  /** Each wait is the previous one times this. */
  txRetryMultiplier: number;
}

const RETRY_FIELDS = ["txMaxRetries", "txRetryIntervalMs", "txRetryMultiplier"] as const;

/** Validates partial settings and fills the defaults (5 retries, 2000 ms, × 1.5). */
export function resolveRetrySettings(settings: Partial<RetrySettings> = {}): RetrySettings {
  const issues = new Issues();
  if (checkObject(settings, RETRY_FIELDS, "", issues)) {
    for (const field of RETRY_FIELDS) {
      const value = settings[field];
      if (value === undefined || !checkType(value, "number", field, issues)) continue;
      if (!Number.isFinite(value) || (value as number) < 0) issues.add(field, NON_NEGATIVE_MESSAGE);
    }
  }
  issues.done();
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
