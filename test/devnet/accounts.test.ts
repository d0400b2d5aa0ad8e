// The four account types on the devnet: address, sponsored deployment, single call and batch, receipts,
// ERC-6492 before deployment and ERC-1271 after.
import { type Abi, type Address, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TYPES, type AccountType, DEVNET_FACTORY_ADDRESSES, sendUserOperation, signMessage, signTypedData, waitForUserOperationReceipt } from "../../core/chain";
import { type Devnet, compileContracts, startDevnet } from "../../server/devnet";
import { accountOf, BURN, type Kit, kitFor, newOwner, randomAddress, setBalance, sponsoredClient } from "./support";

let devnet: Devnet;
let kit: Kit;
let artifacts: Awaited<ReturnType<typeof compileContracts>>["artifacts"];

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  kit = kitFor(devnet);
  artifacts = (await compileContracts()).artifacts;
  console.info(`devnet ready in ${devnet.timings.startMs} ms (compile ${devnet.timings.compileMs} ms, cached: ${devnet.timings.compileCached})`);
});

afterAll(async () => {
  await devnet?.stop();
});

/** The factory's own getAddress, called with the ABI solc produced (not the kit's). */
async function factoryGetAddress(type: AccountType, owner: Address, salt: bigint): Promise<Address> {
  const [contract, functionName, args] = {
    LightAccount: ["LightAccountFactory", "getAddress", [owner, salt]],
    MultiOwnerLightAccount: ["MultiOwnerLightAccountFactory", "getAddress", [[owner], salt]],
    ModularAccountV2: ["ModularAccountV2Factory", "getAddressSemiModular", [owner, salt]],
    MultiOwnerModularAccount: ["MultiOwnerModularAccountFactory", "getAddress", [salt, [owner]]],
  }[type] as [string, string, unknown[]];
  const key = { LightAccount: "lightAccount", MultiOwnerLightAccount: "multiOwnerLightAccount", ModularAccountV2: "modularAccountV2", MultiOwnerModularAccount: "multiOwnerModularAccount" }[type] as keyof Devnet["factories"];
  return (await kit.publicClient.readContract({
    abi: artifacts[contract]!.abi as Abi,
    address: devnet.factories[key],
    functionName,
    args,
  })) as Address;
}

it("deploys the factories where the kit's devnet chain expects them", () => {
  expect(devnet.factories).toEqual(DEVNET_FACTORY_ADDRESSES);
});

describe.each(ACCOUNT_TYPES)("%s", (type) => {
  const owner = newOwner();
  const stranger = newOwner();

  it("has the factory's counterfactual address, per salt, before deployment", async () => {
    const account = await accountOf(kit, type, owner);
    expect(account.address).toBe(await factoryGetAddress(type, owner.address, 0n));
    expect(account.accountType).toBe(type);
    expect(await account.isDeployed()).toBe(false);
    const second = await accountOf(kit, type, owner, { salt: 1n });
    expect(second.address).toBe(await factoryGetAddress(type, owner.address, 1n));
    expect(second.address).not.toBe(account.address);
  });

  it("signs messages before deployment as ERC-6492 that verify on chain (and a stranger's do not)", async () => {
    const client = sponsoredClient(await accountOf(kit, type, owner));
    const signature = await signMessage(client, { message: "hello from Latch" });
    expect(signature.endsWith("6492649264926492649264926492649264926492649264926492649264926492")).toBe(true);
    const address = client.account.address;
    expect(await kit.publicClient.verifyMessage({ address, message: "hello from Latch", signature })).toBe(true);
    expect(await kit.publicClient.verifyMessage({ address, message: "something else", signature })).toBe(false);
    const forged = await signMessage(sponsoredClient(await accountOf(kit, type, stranger, { accountAddress: address })), {
      message: "hello from Latch",
    });
    expect(await kit.publicClient.verifyMessage({ address, message: "hello from Latch", signature: forged })).toBe(false);
  });

  it("deploys with a sponsored user operation while holding no ETH, and returns a receipt", async () => {
    const client = sponsoredClient(await accountOf(kit, type, owner));
    const address = client.account.address;
    expect(await kit.publicClient.getBalance({ address })).toBe(0n);
    const { hash, request } = await sendUserOperation(client, { calls: [{ to: BURN, data: "0x1234" }] });
    expect(request.factory).toBe(client.account.factoryAddress);
    expect(request.paymaster).toBeTruthy();
    const receipt = await waitForUserOperationReceipt(client, { hash });
    expect(receipt.success).toBe(true);
    expect(receipt.sender).toBe(address);
    expect(receipt.paymaster?.toLowerCase()).toBe(request.paymaster?.toLowerCase());
    expect(receipt.receipt.status).toBe("success");
    expect(await kit.publicClient.getCode({ address })).toBeTruthy();
    expect(await kit.publicClient.getBalance({ address })).toBe(0n);
  });

  it("sends a single transfer and a batch, gas paid by the paymaster", async () => {
    const client = sponsoredClient(await accountOf(kit, type, owner));
    const address = client.account.address;
    await setBalance(devnet, address, parseEther("1"));
    const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];

    const single = await sendUserOperation(client, { calls: [{ to: a, value: parseEther("0.1") }] });
    expect(single.request.factory).toBeUndefined();
    expect((await waitForUserOperationReceipt(client, { hash: single.hash })).success).toBe(true);

    const batch = await sendUserOperation(client, {
      calls: [
        { to: b, value: parseEther("0.2") },
        { to: c, value: parseEther("0.3") },
      ],
    });
    expect(await client.account.decodeCalls?.(batch.request.callData)).toEqual([
      { to: b, value: parseEther("0.2"), data: "0x" },
      { to: c, value: parseEther("0.3"), data: "0x" },
    ]);
    const receipt = await waitForUserOperationReceipt(client, { hash: batch.hash });
    expect(receipt.success).toBe(true);

    expect(await kit.publicClient.getBalance({ address: a })).toBe(parseEther("0.1"));
    expect(await kit.publicClient.getBalance({ address: b })).toBe(parseEther("0.2"));
    expect(await kit.publicClient.getBalance({ address: c })).toBe(parseEther("0.3"));
    expect(await kit.publicClient.getBalance({ address })).toBe(parseEther("0.4"));
  });

  it("signs messages and typed data after deployment as plain ERC-1271 that verify on chain", async () => {
    const client = sponsoredClient(await accountOf(kit, type, owner));
    const address = client.account.address;
    const signature = await signMessage(client, { message: "deployed now" });
    expect(signature.endsWith("6492649264926492649264926492649264926492649264926492649264926492")).toBe(false);
    expect(await kit.publicClient.verifyMessage({ address, message: "deployed now", signature })).toBe(true);

    const typedData = {
      domain: { name: "Latch test", version: "1", chainId: devnet.chainId },
      types: { Greeting: [{ name: "text", type: "string" }] },
      primaryType: "Greeting",
      message: { text: "typed hello" },
    } as const;
    const typedSignature = await signTypedData(client, typedData);
    expect(await kit.publicClient.verifyTypedData({ address, ...typedData, signature: typedSignature })).toBe(true);
    expect(
      await kit.publicClient.verifyTypedData({ address, ...typedData, message: { text: "other" }, signature: typedSignature }),
    ).toBe(false);
  });
});
