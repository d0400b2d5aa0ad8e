// Numeric inputs of the chain options: numbers, bigints or hex strings, hex of even length.
import { type Hex, hexToBigInt } from "viem";
import { FEE_MULTIPLIER_MAX_DECIMALS } from "../../constants";
import type { Issues } from "../checks";

/** A number given as a number, a bigint or a hex string. */
export type BigNumberish = number | bigint | Hex;

/** Error text for a malformed hex string. */
export const HEX_STRING_MESSAGE = "Hex strings must have even length and hex characters only";
/** Error text for a negative number. */
export const NON_NEGATIVE_MESSAGE = "Number must be greater than or equal to 0";
/** Error text for a multiplier with too many decimals. */
export const MULTIPLIER_PRECISION_MESSAGE = `Max precision is ${FEE_MULTIPLIER_MAX_DECIMALS} decimal places`;

/** How many digits a number has after the decimal point, exponent notation included (1e-7 → 7). */
export function decimalPlaces(value: number): number {
  const [mantissa = "", exponent] = String(value).toLowerCase().split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  const shift = exponent === undefined ? 0 : Number(exponent);
  return Math.max(0, fraction - shift);
}

/** A gas amount or a fee in wei: a non-negative integer as number, bigint or even-length hex string. */
export function checkBigNumberish(value: unknown, path: string, issues: Issues): void {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) issues.add(path, value < 0 ? NON_NEGATIVE_MESSAGE : "Expected an integer");
  } else if (typeof value === "bigint") {
    if (value < 0n) issues.add(path, NON_NEGATIVE_MESSAGE);
  } else if (typeof value === "string") {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(value)) issues.add(path, HEX_STRING_MESSAGE);
  } else {
    issues.add(path, `Expected number | bigint | string, received ${value === null ? "null" : typeof value}`);
  }
}

/** A fee multiplier: positive, at most FEE_MULTIPLIER_MAX_DECIMALS decimals. */
export function checkMultiplier(value: unknown, path: string, issues: Issues): void {
  if (typeof value !== "number") issues.add(path, `Expected number, received ${value === null ? "null" : typeof value}`);
  else if (!Number.isFinite(value) || value <= 0) issues.add(path, "Multiplier must be greater than 0");
  else if (decimalPlaces(value) > FEE_MULTIPLIER_MAX_DECIMALS) issues.add(path, MULTIPLIER_PRECISION_MESSAGE);
}

export function toBigInt(value: BigNumberish): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") return BigInt(value);
  return value === "0x" ? 0n : hexToBigInt(value);
}

const MULTIPLIER_SCALE = 10n ** BigInt(FEE_MULTIPLIER_MAX_DECIMALS);

/** value × multiplier, exact for a multiplier of at most FEE_MULTIPLIER_MAX_DECIMALS decimals, rounded up. */
export function multiply(value: bigint, multiplier: number): bigint {
  const scaled = BigInt(Math.round(multiplier * Number(MULTIPLIER_SCALE)));
  return (value * scaled + MULTIPLIER_SCALE - 1n) / MULTIPLIER_SCALE;
}
