// MultiOwnerModularAccount: an owner set, any member signs (threshold 1); modular call encoding.
import { type Address, encodeFunctionData } from "viem";
import { readContract } from "viem/actions";
import { ChainNotSuppliedError } from "../errors";
import type { Owner } from "../owner";
import { multiOwnerModularAccountFactoryAbi } from "./abis";
import { resolveFactoryAddress } from "./factories";
import { decodeModularAccountCalls, encodeModularAccountCalls } from "./modularCalls";
import { type AccountClient, sortOwners, toLatchAccount } from "./toLatchAccount";
import type { LatchSmartAccount } from "./types";

/** Parameters of {@link toMultiOwnerModularAccount}: the client, the signing owner, the other owners, and optionally salt, factory or address. */
export interface ToMultiOwnerModularAccountParameters {
  client: AccountClient;
  /** The member signing through this client. */
  owner: Owner;
  /** The other members (order does not matter; the owner is added). */
  owners?: readonly Address[];
  salt?: bigint;
  factoryAddress?: Address;
  accountAddress?: Address;
}

/** A MultiOwnerModularAccount smart account (several owners, any one signs), as a viem smart account. */
export async function toMultiOwnerModularAccount(
  parameters: ToMultiOwnerModularAccountParameters,
): Promise<LatchSmartAccount> {
  const { client, owner, salt = 0n } = parameters;
  if (!client.chain) throw new ChainNotSuppliedError();
  const factoryAddress = resolveFactoryAddress("MultiOwnerModularAccount", client.chain, parameters.factoryAddress);
  const owners = sortOwners([owner.address, ...(parameters.owners ?? [])]);
  return await toLatchAccount({
    type: "MultiOwnerModularAccount",
    client,
    owner,
    owners,
    salt,
    factoryAddress,
    factoryData: encodeFunctionData({
      abi: multiOwnerModularAccountFactoryAbi,
      functionName: "createAccount",
      args: [salt, owners],
    }),
    accountAddress: parameters.accountAddress,
    getCounterfactualAddress: () =>
      readContract(client, {
        abi: multiOwnerModularAccountFactoryAbi,
        address: factoryAddress,
        functionName: "getAddress",
        args: [salt, owners],
      }),
    encodeCalls: encodeModularAccountCalls,
    decodeCalls: decodeModularAccountCalls,
  });
}
