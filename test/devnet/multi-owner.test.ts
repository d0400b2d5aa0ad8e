// Multi-owner accounts: two members derive the same account and each signs user operations and messages alone;
// members change on chain through updateOwners.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multiOwnerAbi, sendUserOperation, signMessage, updateOwners, waitForUserOperationReceipt } from "../../core/chain";
import { type Devnet, startDevnet } from "../../server/devnet";
import { accountOf, BURN, type Kit, kitFor, newOwner, sponsoredClient } from "./support";

let devnet: Devnet;
let kit: Kit;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  kit = kitFor(devnet);
});

afterAll(async () => {
  await devnet?.stop();
});

describe.each(["MultiOwnerLightAccount", "MultiOwnerModularAccount"] as const)("%s", (type) => {
  const alice = newOwner();
  const bob = newOwner();
  const carol = newOwner();
  const mallory = newOwner();
  // Each member lists the others in whatever order: the owner set is sorted, so the address is the same.
  const aliceClient = async () => sponsoredClient(await accountOf(kit, type, alice, { owners: [bob.address] }));
  const bobClient = async () => sponsoredClient(await accountOf(kit, type, bob, { owners: [alice.address] }));

  it("gives both members the same counterfactual address", async () => {
    const [a, b] = [await aliceClient(), await bobClient()];
    expect(a.account.address).toBe(b.account.address);
    expect([...a.account.owners]).toEqual([...b.account.owners]);
    const solo = await accountOf(kit, type, alice);
    expect(solo.address).not.toBe(a.account.address);
  });

  it("lets either member sign messages before deployment (ERC-6492), not a stranger", async () => {
    const address = (await aliceClient()).account.address;
    for (const client of [await aliceClient(), await bobClient()]) {
      const signature = await signMessage(client, { message: "shared" });
      expect(await kit.publicClient.verifyMessage({ address, message: "shared", signature })).toBe(true);
    }
    const strangers = sponsoredClient(
      await accountOf(kit, type, mallory, { owners: [alice.address, bob.address], accountAddress: address }),
    );
    const forged = await signMessage(strangers, { message: "shared" });
    expect(await kit.publicClient.verifyMessage({ address, message: "shared", signature: forged })).toBe(false);
  });

  it("lets each member send user operations: one deploys, the other follows", async () => {
    const first = await sendUserOperation(await aliceClient(), { calls: [{ to: BURN, data: "0x01" }] });
    const aliceReceipt = await waitForUserOperationReceipt(await aliceClient(), { hash: first.hash });
    expect(aliceReceipt.success).toBe(true);
    expect(first.request.factory).toBeDefined();

    const bobs = await bobClient();
    const second = await sendUserOperation(bobs, { calls: [{ to: BURN, data: "0x02" }] });
    expect(second.request.factory).toBeUndefined();
    expect((await waitForUserOperationReceipt(bobs, { hash: second.hash })).success).toBe(true);

    const address = bobs.account.address;
    for (const client of [await aliceClient(), bobs]) {
      const signature = await signMessage(client, { message: "deployed" });
      expect(await kit.publicClient.verifyMessage({ address, message: "deployed", signature })).toBe(true);
    }
  });

  it("adds and removes members with updateOwners", async () => {
    const alices = await aliceClient();
    const address = alices.account.address;
    const update = await updateOwners(alices, { ownersToAdd: [carol.address], ownersToRemove: [bob.address] });
    expect((await waitForUserOperationReceipt(alices, { hash: update.hash })).success).toBe(true);
    const owners = await kit.publicClient.readContract({ abi: multiOwnerAbi, address, functionName: "owners" });
    expect(new Set(owners)).toEqual(new Set([alice.address, carol.address]));

    // Carol joins an existing account: she knows its address.
    const carols = sponsoredClient(await accountOf(kit, type, carol, { accountAddress: address }));
    const sent = await sendUserOperation(carols, { calls: [{ to: BURN, data: "0x03" }] });
    expect((await waitForUserOperationReceipt(carols, { hash: sent.hash })).success).toBe(true);
    const carolSignature = await signMessage(carols, { message: "new member" });
    expect(await kit.publicClient.verifyMessage({ address, message: "new member", signature: carolSignature })).toBe(true);

    const bobSignature = await signMessage(await bobClient(), { message: "new member" });
    expect(await kit.publicClient.verifyMessage({ address, message: "new member", signature: bobSignature })).toBe(false);
  });
});
