// Account clients without a chain: factory resolution, call encoding, signature formats (signed offline and
// checked by recovering the signer), owner sets, sponsorship context, fee bumps.
import { type Chain, concat, createPublicClient, decodeFunctionData, hashMessage, hashTypedData, recoverAddress, recoverMessageAddress, recoverTypedDataAddress, slice, size } from "viem";
import { entryPoint07Address, getUserOperationHash } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_TYPES,
  CANONICAL_FACTORY_ADDRESSES,
  SIGNATURE_SCHEMES,
  STUB_ECDSA_SIGNATURE,
  UnknownAccountFactoryError,
  bumpFee,
  devnetChain,
  latchTransport,
  lightAccountFactoryAbi,
  multiOwnerModularAccountFactoryAbi,
  ownerFromAccount,
  resolveFactoryAddress,
  sortOwners,
  sponsorshipContext,
  toSmartAccountOfType,
  validateSponsorshipPolicy,
} from "../../../core/chain";
import { fakeProvider } from "./fake-provider";

const sepolia: Chain = {
  id: 11155111,
  name: "Sepolia",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://public.example"] }, provider: { http: ["https://provider.example/v2"] } },
};
const ACCOUNT = "0x1111111111111111111111111111111111111111";

function clientOn(chain: Chain, answers: Record<string, unknown> = {}) {
  const provider = fakeProvider({ eth_getCode: "0x", ...answers });
  return { provider, client: createPublicClient({ chain, transport: latchTransport({ apiKey: "k", fetchFn: provider.fetchFn }) }) };
}

describe("factory addresses", () => {
  it("uses the canonical factories on provider chains, chain.contracts or an override elsewhere", () => {
    expect(resolveFactoryAddress("LightAccount", sepolia)).toBe("0x0000000000400CdFef5E2714E63d8040b700BC24");
    expect(resolveFactoryAddress("ModularAccountV2", sepolia)).toBe(CANONICAL_FACTORY_ADDRESSES.ModularAccountV2);
    expect(resolveFactoryAddress("LightAccount", sepolia, ACCOUNT)).toBe(ACCOUNT);
    const devnet = devnetChain();
    expect(resolveFactoryAddress("MultiOwnerModularAccount", devnet)).toBe(
      (devnet.contracts as Record<string, { address: string }>).multiOwnerModularAccountFactory?.address,
    );
    const bareLocal = { ...sepolia, id: 31337 };
    expect(() => resolveFactoryAddress("LightAccount", bareLocal)).toThrow(UnknownAccountFactoryError);
  });
});

describe.each(ACCOUNT_TYPES)("%s", (type) => {
  const key = privateKeyToAccount(generatePrivateKey());
  const owner = ownerFromAccount(key);
  const account = () => toSmartAccountOfType(type, { client: clientOn(sepolia).client, owner, accountAddress: ACCOUNT });

  it("encodes a single call and a batch, and decodes them back", async () => {
    const smart = await account();
    const calls = [
      { to: "0x2222222222222222222222222222222222222222", value: 5n, data: "0x1234" },
      { to: "0x3333333333333333333333333333333333333333", value: 0n, data: "0x" },
    ] as const;
    expect(await smart.decodeCalls?.(await smart.encodeCalls([calls[0]]))).toEqual([calls[0]]);
    expect(await smart.decodeCalls?.(await smart.encodeCalls(calls))).toEqual(calls);
  });

  it("points its init code at the chain's factory", async () => {
    const smart = await account();
    const { factory, factoryData } = await smart.getFactoryArgs();
    expect(factory).toBe(CANONICAL_FACTORY_ADDRESSES[type]);
    expect(size(factoryData!)).toBeGreaterThan(4);
    if (type === "LightAccount") {
      expect(decodeFunctionData({ abi: lightAccountFactoryAbi, data: factoryData! }).args).toEqual([key.address, 0n]);
    }
    if (type === "MultiOwnerModularAccount") {
      expect(decodeFunctionData({ abi: multiOwnerModularAccountFactoryAbi, data: factoryData! }).args).toEqual([0n, [key.address]]);
    }
  });

  it("signs user operations as prefix ‖ ECDSA over the EIP-191 userOpHash", async () => {
    const smart = await account();
    const operation = {
      sender: ACCOUNT,
      nonce: 7n,
      callData: "0x",
      callGasLimit: 1n,
      verificationGasLimit: 1n,
      preVerificationGas: 1n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      signature: "0x",
    } as const;
    const signature = await smart.signUserOperation(operation);
    const prefix = SIGNATURE_SCHEMES[type].prefix;
    expect(signature.startsWith(prefix)).toBe(true);
    expect(size(signature)).toBe(size(prefix) + 65);
    const hash = getUserOperationHash({ chainId: sepolia.id, entryPointAddress: entryPoint07Address, entryPointVersion: "0.7", userOperation: operation });
    const ecdsa = slice(signature, size(prefix));
    expect(await recoverMessageAddress({ message: { raw: hash }, signature: ecdsa })).toBe(key.address);
    expect(await smart.getStubSignature()).toBe(concat([prefix, STUB_ECDSA_SIGNATURE]));
  });

  it("signs messages as prefix ‖ ECDSA over the account-bound EIP-712 wrapper (ERC-6492 while undeployed)", async () => {
    const smart = await account();
    const signature = await smart.signMessage({ message: "hi" });
    // Not deployed (eth_getCode is empty): wrapped for ERC-6492.
    expect(signature.endsWith("6492".repeat(16))).toBe(true);

    const deployed = await toSmartAccountOfType(type, {
      client: clientOn(sepolia, { eth_getCode: "0x60016000" }).client,
      owner,
      accountAddress: ACCOUNT,
    });
    const plain = await deployed.signMessage({ message: "hi" });
    const prefix = SIGNATURE_SCHEMES[type].prefix;
    expect(size(plain)).toBe(size(prefix) + 65);
    const wrapper = SIGNATURE_SCHEMES[type].erc1271TypedData({ chainId: sepolia.id, account: ACCOUNT, hash: hashMessage("hi") });
    expect(await recoverTypedDataAddress({ ...wrapper, signature: slice(plain, size(prefix)) } as never)).toBe(key.address);
    expect(await recoverAddress({ hash: hashTypedData(wrapper as never), signature: slice(plain, size(prefix)) })).toBe(key.address);
  });
});

describe("owner sets", () => {
  it("sorts members ascending and drops duplicates, whatever the case", () => {
    const a = "0x00000000000000000000000000000000000000aa";
    const b = "0x0000000000000000000000000000000000000Bbb";
    expect(sortOwners([b, a, b.toLowerCase() as `0x${string}`])).toEqual([a, b.toLowerCase()]);
  });

  it("gives two members of one set the same owners list", async () => {
    const alice = ownerFromAccount(privateKeyToAccount(generatePrivateKey()));
    const bob = ownerFromAccount(privateKeyToAccount(generatePrivateKey()));
    for (const type of ["MultiOwnerLightAccount", "MultiOwnerModularAccount"] as const) {
      const { client } = clientOn(sepolia);
      const one = await toSmartAccountOfType(type, { client, owner: alice, owners: [bob.address], accountAddress: ACCOUNT });
      const two = await toSmartAccountOfType(type, { client, owner: bob, owners: [alice.address], accountAddress: ACCOUNT });
      expect(one.owners).toEqual(two.owners);
      expect((await one.getFactoryArgs()).factoryData).toBe((await two.getFactoryArgs()).factoryData);
    }
  });
});

describe("sponsorship", () => {
  it("puts the policy in the paymaster context", () => {
    expect(sponsorshipContext({ policyId: "p-1" })).toEqual({ policyId: "p-1" });
    expect(
      sponsorshipContext({ policyId: "p-1", policyToken: { address: ACCOUNT, maxTokenAmount: 1000n } }),
    ).toEqual({ policyId: "p-1", policyToken: { address: ACCOUNT, maxTokenAmount: "0x3e8" } });
  });

  it("refuses an empty policy id and unknown keys", () => {
    expect(() => validateSponsorshipPolicy({ policyId: "" })).toThrow();
    expect(() => validateSponsorshipPolicy({ policyId: "p", policyToken: { address: "0x12" } } as never)).toThrow();
    expect(() => validateSponsorshipPolicy({ policyId: "p", extra: 1 } as never)).toThrow();
  });
});

describe("drop and replace", () => {
  it("bumps fees by at least 10 %, rounding up", () => {
    expect(bumpFee(100n)).toBe(110n);
    expect(bumpFee(101n)).toBe(112n);
    expect(bumpFee(0n)).toBe(0n);
  });
});
