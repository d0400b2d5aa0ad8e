// LightAccount v2: one owner; execute / executeBatch(dest[], value[], func[]).
import { type Address, decodeFunctionData, encodeFunctionData } from "viem";
import { readContract } from "viem/actions";
import { ChainNotSuppliedError } from "../errors";
import type { Owner } from "../owner";
import { lightAccountAbi, lightAccountFactoryAbi } from "./abis";
import { resolveFactoryAddress } from "./factories";
import { type AccountClient, type Call, toLatchAccount } from "./toLatchAccount";
import type { LatchSmartAccount } from "./types";

/** Parameters of {@link toLightAccount}: the client, the owner, and optionally salt, factory or a known account address. */
export interface ToLightAccountParameters {
  /** A client on the account's chain (the transport reaches the node). */
  client: AccountClient;
  owner: Owner;
  /** Picks one of the owner's accounts; default 0. */
  salt?: bigint;
  /** Overrides the chain's factory (required on local chains unless `chain.contracts` has it). */
  factoryAddress?: Address;
  /** Skips the factory look-up when the address is already known. */
  accountAddress?: Address;
}

export function encodeLightAccountCalls(calls: readonly Call[]) {
  if (calls.length === 1) {
    const [call] = calls as [Call];
    return encodeFunctionData({
      abi: lightAccountAbi,
      functionName: "execute",
      args: [call.to, call.value ?? 0n, call.data ?? "0x"],
    });
  }
  return encodeFunctionData({
    abi: lightAccountAbi,
    functionName: "executeBatch",
    args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? "0x")],
  });
}

export function decodeLightAccountCalls(data: `0x${string}`): Call[] {
  const decoded = decodeFunctionData({ abi: lightAccountAbi, data });
  if (decoded.functionName === "execute") {
    const [to, value, callData] = decoded.args;
    return [{ to, value, data: callData }];
  }
  if (decoded.functionName === "executeBatch") {
    const [targets, values, datas] = decoded.args;
    return targets.map((to, index) => ({ to, value: values[index] ?? 0n, data: datas[index] ?? "0x" }));
  }
  throw new Error(`Cannot decode calls of ${decoded.functionName}`);
}

/** A LightAccount (v2) smart account of one owner, as a viem smart account. */
export async function toLightAccount(parameters: ToLightAccountParameters): Promise<LatchSmartAccount> {
  const { client, owner, salt = 0n } = parameters;
  if (!client.chain) throw new ChainNotSuppliedError();
  const factoryAddress = resolveFactoryAddress("LightAccount", client.chain, parameters.factoryAddress);
  return await toLatchAccount({
    type: "LightAccount",
    client,
    owner,
    owners: [owner.address],
    salt,
    factoryAddress,
    factoryData: encodeFunctionData({
      abi: lightAccountFactoryAbi,
      functionName: "createAccount",
      args: [owner.address, salt],
    }),
    accountAddress: parameters.accountAddress,
    getCounterfactualAddress: () =>
      readContract(client, {
        abi: lightAccountFactoryAbi,
        address: factoryAddress,
        functionName: "getAddress",
        args: [owner.address, salt],
      }),
    encodeCalls: encodeLightAccountCalls,
    decodeCalls: decodeLightAccountCalls,
  });
}
