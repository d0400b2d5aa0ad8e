// What the four account types share on top of viem's toSmartAccount: EntryPoint v0.7, the counterfactual address
// from the factory, sequential nonces (key 0), and the signature formats of SIGNATURE_SCHEMES.
import {
  type Address,
  type Chain,
  type Client,
  type Hex,
  type JsonRpcAccount,
  type LocalAccount,
  type Transport,
  concat,
  hashMessage,
  hashTypedData,
} from "viem";
import {
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  toSmartAccount,
} from "viem/account-abstraction";
import { readContract } from "viem/actions";
import { ChainNotSuppliedError } from "../errors";
import type { Owner } from "../owner";
import { SIGNATURE_SCHEMES, STUB_ECDSA_SIGNATURE } from "./signatures";
import type { AccountType, LatchAccountExtension, LatchSmartAccount } from "./types";

/** The viem client a smart account reads the chain with. */
export type AccountClient = Client<Transport, Chain | undefined, JsonRpcAccount | LocalAccount | undefined>;

/** One call of a user operation: target, optional value and data. */
export interface Call {
  to: Address;
  value?: bigint | undefined;
  data?: Hex | undefined;
}

/** What each account type supplies. */
export interface AccountDefinition {
  type: AccountType;
  client: AccountClient;
  owner: Owner;
  owners: readonly Address[];
  salt: bigint;
  factoryAddress: Address;
  factoryData: Hex;
  /** Asks the factory (an eth_call) unless `accountAddress` is known. */
  getCounterfactualAddress(): Promise<Address>;
  accountAddress?: Address | undefined;
  encodeCalls(calls: readonly Call[]): Hex;
  decodeCalls(data: Hex): readonly Call[];
}

const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: "0.7" } as const;

const getNonceAbi = [
  {
    type: "function",
    name: "getNonce",
    stateMutability: "view",
    inputs: [
      { name: "sender", type: "address" },
      { name: "key", type: "uint192" },
    ],
    outputs: [{ name: "nonce", type: "uint256" }],
  },
] as const;

export async function toLatchAccount(definition: AccountDefinition): Promise<LatchSmartAccount> {
  const { client, owner, type } = definition;
  const chainId = client.chain?.id;
  if (chainId === undefined) throw new ChainNotSuppliedError();
  const scheme = SIGNATURE_SCHEMES[type];
  const extension: LatchAccountExtension = {
    accountType: type,
    owner,
    owners: definition.owners,
    factoryAddress: definition.factoryAddress,
    salt: definition.salt,
  };

  let address: Address | undefined = definition.accountAddress;
  const getAddress = async () => (address ??= await definition.getCounterfactualAddress());

  /** prefix ‖ owner's signature of the account-bound EIP-712 wrapper of `hash`. */
  const signErc1271 = async (hash: Hex) => {
    const typedData = scheme.erc1271TypedData({ chainId, account: await getAddress(), hash });
    return concat([scheme.prefix, await owner.signTypedData(typedData)]);
  };

  const account = await toSmartAccount({
    client,
    entryPoint,
    extend: extension,
    getAddress,
    async encodeCalls(calls) {
      return definition.encodeCalls(calls);
    },
    async decodeCalls(data) {
      return definition.decodeCalls(data);
    },
    async getFactoryArgs() {
      return { factory: definition.factoryAddress, factoryData: definition.factoryData };
    },
    async getStubSignature() {
      return concat([scheme.prefix, STUB_ECDSA_SIGNATURE]);
    },
    async signMessage({ message }) {
      return await signErc1271(hashMessage(message));
    },
    async signTypedData(typedData) {
      return await signErc1271(hashTypedData(typedData));
    },
    async signUserOperation(parameters) {
      const { chainId: operationChainId = chainId, ...userOperation } = parameters;
      const hash = getUserOperationHash({
        chainId: operationChainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: userOperation.sender ?? (await getAddress()) },
      });
      return concat([scheme.prefix, await owner.signMessage({ message: { raw: hash } })]);
    },
  });

  // viem keys nonces by the clock by default (parallel 2D nonces); the kit sends sequentially on key 0, which
  // drop-and-replace relies on.
  return {
    ...account,
    async getNonce(parameters?: { key?: bigint | undefined }) {
      return await readContract(client, {
        abi: getNonceAbi,
        address: entryPoint.address,
        functionName: "getNonce",
        args: [account.address, parameters?.key ?? 0n],
      });
    },
  };
}

/** The owner set of a multi-owner account: unique and ascending, so every member derives the same address. */
export function sortOwners(owners: readonly Address[]): Address[] {
  const unique = new Map<string, Address>();
  for (const owner of owners) unique.set(owner.toLowerCase(), owner);
  return [...unique.entries()].sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1)).map(([, owner]) => owner);
}
