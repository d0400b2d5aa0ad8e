// Fee override options: per field an optional min, max and multiplier; unknown keys refused.
import { checkObject, Issues, join } from "../checks";
import { ChainConfigError } from "../errors";
import { type BigNumberish, checkBigNumberish, checkMultiplier, multiply, toBigInt } from "./values";

/** The gas and fee fields a {@link FeeOptions} may adjust. */
export const FEE_OPTION_FIELDS = [
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "callGasLimit",
  "verificationGasLimit",
  "preVerificationGas",
  "paymasterVerificationGasLimit",
  "paymasterPostOpGasLimit",
] as const;

/** One of {@link FEE_OPTION_FIELDS}. */
export type FeeOptionField = (typeof FEE_OPTION_FIELDS)[number];

/** How to adjust one estimated field: a multiplier, a minimum, a maximum, or a fixed value. */
export interface FeeOption {
  /** The value is raised to at least this. */
  min?: BigNumberish;
  /** The value is lowered to at most this. */
  max?: BigNumberish;
  /** The estimate is multiplied by this first (at most 4 decimals). */
  multiplier?: number;
}

/** Adjustments of the estimated gas and fee fields of user operations. */
export type FeeOptions = { [field in FeeOptionField]?: FeeOption };

/** Throws ChainConfigError (message = the first problem, e.g. 'Max precision is 4 decimal places'). */
export function validateFeeOptions(options: unknown): FeeOptions {
  const issues = new Issues();
  if (checkObject(options, FEE_OPTION_FIELDS, "", issues)) {
    for (const field of FEE_OPTION_FIELDS) {
      const option = options[field];
      if (option === undefined || !checkObject(option, ["min", "max", "multiplier"], field, issues)) continue;
      if (option.min !== undefined) checkBigNumberish(option.min, join(field, "min"), issues);
      if (option.max !== undefined) checkBigNumberish(option.max, join(field, "max"), issues);
      if (option.multiplier !== undefined) checkMultiplier(option.multiplier, join(field, "multiplier"), issues);
    }
  }
  issues.done();
  const result = options as FeeOptions;
  for (const field of FEE_OPTION_FIELDS) {
    const option = result[field];
    if (option?.min !== undefined && option.max !== undefined && toBigInt(option.min) > toBigInt(option.max)) {
      throw new ChainConfigError([{ path: field, message: `${field}: min must not be greater than max` }]);
    }
  }
  return result;
}

/** Applies one field's option to an estimate: multiplier first, then min, then max. */
export function applyFeeOption(estimate: bigint, option: FeeOption | undefined): bigint {
  if (!option) return estimate;
  let value = option.multiplier === undefined ? estimate : multiply(estimate, option.multiplier);
  if (option.min !== undefined) {
    const min = toBigInt(option.min);
    if (value < min) value = min;
  }
  if (option.max !== undefined) {
    const max = toBigInt(option.max);
    if (value > max) value = max;
  }
  return value;
}

/** Applies every option to the fields present in `values`. */
export function applyFeeOptions<values extends Partial<Record<FeeOptionField, bigint | undefined>>>(
  values: values,
  options: FeeOptions | undefined,
): values {
  if (!options) return values;
  const result = { ...values };
  for (const field of FEE_OPTION_FIELDS) {
    const value = result[field];
    if (typeof value === "bigint") (result as Record<string, bigint>)[field] = applyFeeOption(value, options[field]);
  }
  return result;
}
