// What useSendUserOperation takes: the kit's `{ calls }` / `{ callData }`, or Account Kit's `{ uo }`
// (one call `{ target, data, value }`, several, or raw call data), turned into the kit's parameters.
import type { Address, Hex } from "viem";
import type { SendUserOperationParameters } from "latch-kit/chain";

/** One call as Account Kit writes it. */
export interface UserOperationCallData {
  target: Address;
  data: Hex;
  value?: bigint;
}

/** Account Kit's shape: `uo` is one call, several (a batch), or the account's raw call data. */
export type AccountKitUserOperation = { uo: UserOperationCallData | readonly UserOperationCallData[] | Hex } & Omit<
  SendUserOperationParameters,
  "calls" | "callData"
>;

/** What `sendUserOperation` takes: the kit's `{ calls }` or `{ callData }`, or Account Kit's `{ uo }`. */
export type SendUserOperationInput = SendUserOperationParameters | AccountKitUserOperation;

/** The kit's parameters for either shape. */
export function toUserOperationParameters(input: SendUserOperationInput): SendUserOperationParameters {
  if (!("uo" in input)) return input;
  const { uo, ...rest } = input;
  if (typeof uo === "string") return { ...rest, callData: uo };
  const calls = (Array.isArray(uo) ? uo : [uo]) as readonly UserOperationCallData[];
  return { ...rest, calls: calls.map(({ target, data, value }) => ({ to: target, data, ...(value === undefined ? {} : { value }) })) };
}
