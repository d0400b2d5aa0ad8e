// Fee override options (spec §3, §5): fields, min / max / multiplier, value forms, messages.
import { describe, expect, it } from "vitest";
import {
  ChainConfigError,
  FEE_OPTION_FIELDS,
  HEX_STRING_MESSAGE,
  MULTIPLIER_PRECISION_MESSAGE,
  applyFeeOption,
  applyFeeOptions,
  validateFeeOptions,
} from "../../../core/chain";

function issueOf(options: unknown): ChainConfigError {
  try {
    validateFeeOptions(options);
  } catch (error) {
    if (error instanceof ChainConfigError) return error;
    throw error;
  }
  throw new Error("expected the options to be refused");
}

describe("validateFeeOptions", () => {
  it("knows the seven fields of spec §3", () => {
    expect(FEE_OPTION_FIELDS).toEqual([
      "maxFeePerGas",
      "maxPriorityFeePerGas",
      "callGasLimit",
      "verificationGasLimit",
      "preVerificationGas",
      "paymasterVerificationGasLimit",
      "paymasterPostOpGasLimit",
    ]);
    const all = Object.fromEntries(FEE_OPTION_FIELDS.map((field) => [field, { multiplier: 1.1 }]));
    expect(validateFeeOptions(all)).toEqual(all);
  });

  it("takes min and max as numbers, bigints or even-length hex strings", () => {
    const options = {
      maxFeePerGas: { min: 1_000_000_000, max: 50_000_000_000n },
      callGasLimit: { min: "0x0186a0", max: "0xffff00" },
      preVerificationGas: { max: "0x" },
    };
    expect(validateFeeOptions(options)).toEqual(options);
  });

  it("refuses odd-length and non-hex strings", () => {
    expect(issueOf({ callGasLimit: { min: "0x123" } }).message).toBe(HEX_STRING_MESSAGE);
    expect(issueOf({ callGasLimit: { max: "0xzz" } }).message).toBe(
      "Hex strings must have even length and hex characters only",
    );
    expect(issueOf({ callGasLimit: { max: "1234" } }).path).toBe("callGasLimit.max");
  });

  it("keeps the multiplier to 4 decimal places", () => {
    for (const multiplier of [1, 1.5, 1.25, 1.1234, 2.0001]) {
      expect(validateFeeOptions({ maxFeePerGas: { multiplier } })).toBeTruthy();
    }
    for (const multiplier of [1.12345, 1.00001, 0.000001]) {
      const error = issueOf({ maxPriorityFeePerGas: { multiplier } });
      expect(error.message).toBe(MULTIPLIER_PRECISION_MESSAGE);
      expect(error.message).toBe("Max precision is 4 decimal places");
      expect(error.path).toBe("maxPriorityFeePerGas.multiplier");
    }
  });

  it("refuses unknown keys, at the top and inside a field", () => {
    expect(issueOf({ gasPrice: { multiplier: 2 } }).path).toBe("gasPrice");
    expect(issueOf({ callGasLimit: { multiplier: 2, percentage: 10 } }).path).toBe("callGasLimit.percentage");
  });

  it("refuses negative values, a non-positive multiplier and min above max", () => {
    expect(issueOf({ callGasLimit: { min: -1 } }).message).toBe("Number must be greater than or equal to 0");
    expect(issueOf({ callGasLimit: { min: -1n } }).message).toBe("Number must be greater than or equal to 0");
    expect(issueOf({ callGasLimit: { multiplier: 0 } }).path).toBe("callGasLimit.multiplier");
    expect(issueOf({ callGasLimit: { min: 10, max: 5 } }).message).toBe("callGasLimit: min must not be greater than max");
  });
});

describe("applyFeeOption", () => {
  it("multiplies exactly, rounding up, then clamps to min and max", () => {
    expect(applyFeeOption(1000n, { multiplier: 1.5 })).toBe(1500n);
    expect(applyFeeOption(3n, { multiplier: 1.1 })).toBe(4n);
    expect(applyFeeOption(10n ** 30n, { multiplier: 1.0001 })).toBe(10n ** 30n + 10n ** 26n);
    expect(applyFeeOption(100n, { min: 500 })).toBe(500n);
    expect(applyFeeOption(100n, { max: "0x20" })).toBe(32n);
    expect(applyFeeOption(100n, { multiplier: 10, max: 900n })).toBe(900n);
    expect(applyFeeOption(100n, undefined)).toBe(100n);
  });

  it("applies options only to the fields present", () => {
    expect(
      applyFeeOptions(
        { maxFeePerGas: 10n, callGasLimit: 100n },
        { maxFeePerGas: { multiplier: 2 }, verificationGasLimit: { min: 5 } },
      ),
    ).toEqual({ maxFeePerGas: 20n, callGasLimit: 100n });
  });
});
