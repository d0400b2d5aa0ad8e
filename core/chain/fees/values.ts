// Numeric inputs of the chain options: numbers, bigints or hex strings (spec §3), hex of even length (spec §5).
import { type } from "arktype";
import { type Hex, hexToBigInt } from "viem";
import { FEE_MULTIPLIER_MAX_DECIMALS } from "../../constants";

export type BigNumberish = number | bigint | Hex;

export const HEX_STRING_MESSAGE = "Hex strings must have even length and hex characters only";
export const NON_NEGATIVE_MESSAGE = "Number must be greater than or equal to 0";
export const MULTIPLIER_PRECISION_MESSAGE = `Max precision is ${FEE_MULTIPLIER_MAX_DECIMALS} decimal places`;

/** How many digits a number has after the decimal point, exponent notation included (1e-7 → 7). */
export function decimalPlaces(value: number): number {
  const [mantissa = "", exponent] = String(value).toLowerCase().split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  const shift = exponent === undefined ? 0 : Number(exponent);
  return Math.max(0, fraction - shift);
}

const hexString = type("string").narrow(
  (value, ctx) => /^0x([0-9a-fA-F]{2})*$/.test(value) || ctx.reject({ message: HEX_STRING_MESSAGE }),
);

const nonNegativeNumber = type("number").narrow(
  (value, ctx) =>
    (Number.isSafeInteger(value) && value >= 0) ||
    ctx.reject({ message: value < 0 ? NON_NEGATIVE_MESSAGE : "Expected an integer" }),
);

const nonNegativeBigint = type("bigint").narrow((value, ctx) => value >= 0n || ctx.reject({ message: NON_NEGATIVE_MESSAGE }));

/** A gas amount or a fee in wei: a non-negative integer as number, bigint or even-length hex string. */
export const bigNumberishSchema = nonNegativeNumber.or(nonNegativeBigint).or(hexString);

/** A fee multiplier: positive, at most FEE_MULTIPLIER_MAX_DECIMALS decimals. */
export const multiplierSchema = type("number").narrow((value, ctx) => {
  if (!Number.isFinite(value) || value <= 0) return ctx.reject({ message: "Multiplier must be greater than 0" });
  return decimalPlaces(value) <= FEE_MULTIPLIER_MAX_DECIMALS || ctx.reject({ message: MULTIPLIER_PRECISION_MESSAGE });
});

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
