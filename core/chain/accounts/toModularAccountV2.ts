// ModularAccountV2 (semi-modular): one owner validated by ECDSA; modular call encoding.
import { type Address, encodeFunctionData } from "viem";
import { readContract } from "viem/actions";
import { ChainNotSuppliedError } from "../errors";
import type { Owner } from "../owner";
import { modularAccountV2FactoryAbi } from "./abis";
import { resolveFactoryAddress } from "./factories";
import { decodeModularAccountCalls, encodeModularAccountCalls } from "./modularCalls";
import { type AccountClient, toLatchAccount } from "./toLatchAccount";
import type { LatchSmartAccount } from "./types";

/** Parameters of {@link toModularAccountV2}: the client, the owner, and optionally salt, factory or a known account address. */
export interface ToModularAccountV2Parameters {
  client: AccountClient;
  owner: Owner;
  salt?: bigint;
  factoryAddress?: Address;
  accountAddress?: Address;
}

/** A Modular Account v2 (semi-modular) smart account of one owner, as a viem smart account. */
export async function toModularAccountV2(parameters: ToModularAccountV2Parameters): Promise<LatchSmartAccount> {
  const { client, owner, salt = 0n } = parameters;
  if (!client.chain) throw new ChainNotSuppliedError();
  const factoryAddress = resolveFactoryAddress("ModularAccountV2", client.chain, parameters.factoryAddress);
  return await toLatchAccount({
    type: "ModularAccountV2",
    client,
    owner,
    owners: [owner.address],
    salt,
    factoryAddress,
    factoryData: encodeFunctionData({
      abi: modularAccountV2FactoryAbi,
      functionName: "createSemiModularAccount",
      args: [owner.address, salt],
    }),
    accountAddress: parameters.accountAddress,
    getCounterfactualAddress: () =>
      readContract(client, {
        abi: modularAccountV2FactoryAbi,
        address: factoryAddress,
        functionName: "getAddressSemiModular",
        args: [owner.address, salt],
      }),
    encodeCalls: encodeModularAccountCalls,
    decodeCalls: decodeModularAccountCalls,
  });
}
