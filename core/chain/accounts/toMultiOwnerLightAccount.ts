// MultiOwnerLightAccount: an owner set, any member signs; LightAccount's call encoding.
import { type Address, encodeFunctionData } from "viem";
import { readContract } from "viem/actions";
import { ChainNotSuppliedError } from "../errors";
import type { Owner } from "../owner";
import { multiOwnerLightAccountFactoryAbi } from "./abis";
import { resolveFactoryAddress } from "./factories";
import { decodeLightAccountCalls, encodeLightAccountCalls } from "./toLightAccount";
import { type AccountClient, sortOwners, toLatchAccount } from "./toLatchAccount";
import type { LatchSmartAccount } from "./types";

/** Parameters of {@link toMultiOwnerLightAccount}: the client, the signing owner, the other owners, and optionally salt, factory or address. */
export interface ToMultiOwnerLightAccountParameters {
  client: AccountClient;
  /** The member signing through this client. */
  owner: Owner;
  /** The other members the account is created with (order does not matter; the owner is added). */
  owners?: readonly Address[];
  salt?: bigint;
  factoryAddress?: Address;
  accountAddress?: Address;
}

/** A MultiOwnerLightAccount smart account (several owners, any one signs), as a viem smart account. */
export async function toMultiOwnerLightAccount(
  parameters: ToMultiOwnerLightAccountParameters,
): Promise<LatchSmartAccount> {
  const { client, owner, salt = 0n } = parameters;
  if (!client.chain) throw new ChainNotSuppliedError();
  const factoryAddress = resolveFactoryAddress("MultiOwnerLightAccount", client.chain, parameters.factoryAddress);
  const owners = sortOwners([owner.address, ...(parameters.owners ?? [])]);
  return await toLatchAccount({
    type: "MultiOwnerLightAccount",
    client,
    owner,
    owners,
    salt,
    factoryAddress,
    factoryData: encodeFunctionData({
      abi: multiOwnerLightAccountFactoryAbi,
      functionName: "createAccount",
      args: [owners, salt],
    }),
    accountAddress: parameters.accountAddress,
    getCounterfactualAddress: () =>
      readContract(client, {
        abi: multiOwnerLightAccountFactoryAbi,
        address: factoryAddress,
        functionName: "getAddress",
        args: [owners, salt],
      }),
    encodeCalls: encodeLightAccountCalls,
    decodeCalls: decodeLightAccountCalls,
  });
}
