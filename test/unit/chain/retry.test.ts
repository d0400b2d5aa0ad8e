// Retry settings (spec §3, §5, §9).
import { describe, expect, it } from "vitest";
import { ChainConfigError, resolveRetrySettings, retryDelays } from "../../../core/chain";
import { RETRY_DEFAULTS } from "../../../core/constants";

describe("retry settings", () => {
  it("defaults to 5 retries, 2000 ms, × 1.5", () => {
    expect(resolveRetrySettings()).toEqual({ txMaxRetries: 5, txRetryIntervalMs: 2000, txRetryMultiplier: 1.5 });
    expect(resolveRetrySettings()).toEqual(RETRY_DEFAULTS);
    expect(resolveRetrySettings({ txMaxRetries: 1 })).toEqual({ ...RETRY_DEFAULTS, txMaxRetries: 1 });
  });

  it("accepts 0 and refuses anything below it, naming the field", () => {
    expect(resolveRetrySettings({ txMaxRetries: 0, txRetryIntervalMs: 0, txRetryMultiplier: 0 })).toBeTruthy();
    for (const field of ["txMaxRetries", "txRetryIntervalMs", "txRetryMultiplier"] as const) {
      let error: unknown;
      try {
        resolveRetrySettings({ [field]: -1 });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ChainConfigError);
      expect((error as ChainConfigError).message).toBe("Number must be greater than or equal to 0");
      expect((error as ChainConfigError).path).toBe(field);
    }
    expect(() => resolveRetrySettings({ txMaxRetries: "3" as unknown as number })).toThrow(ChainConfigError);
    expect(() => resolveRetrySettings({ txRetries: 3 } as never)).toThrow(ChainConfigError);
  });

  it("waits interval × multiplier^i between look-ups", () => {
    expect(retryDelays(resolveRetrySettings())).toEqual([2000, 3000, 4500, 6750, 10125]);
    expect(retryDelays(resolveRetrySettings({ txMaxRetries: 0 }))).toEqual([]);
  });
});
