// Call encoding of the modular accounts: execute(target, value, data) / executeBatch((target, value, data)[]).
import { type Hex, decodeFunctionData, encodeFunctionData } from "viem";
import { modularAccountAbi } from "./abis";
import type { Call } from "./toLatchAccount";

export function encodeModularAccountCalls(calls: readonly Call[]): Hex {
  if (calls.length === 1) {
    const [call] = calls as [Call];
    return encodeFunctionData({
      abi: modularAccountAbi,
      functionName: "execute",
      args: [call.to, call.value ?? 0n, call.data ?? "0x"],
    });
  }
  return encodeFunctionData({
    abi: modularAccountAbi,
    functionName: "executeBatch",
    args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? "0x" }))],
  });
}

export function decodeModularAccountCalls(data: Hex): Call[] {
  const decoded = decodeFunctionData({ abi: modularAccountAbi, data });
  if (decoded.functionName === "execute") {
    const [to, value, callData] = decoded.args;
    return [{ to, value, data: callData }];
  }
  return decoded.args[0].map((call) => ({ to: call.target, value: call.value, data: call.data }));
}
