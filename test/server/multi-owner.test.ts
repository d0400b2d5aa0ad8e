import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keccak256, recoverAddress, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { memberStamper, multiOwnerCreationMessage, multiOwnerJoinMessage, MultiOwnerClient, SignerClient, SignerHttpError } from "latch-kit";
import { startServer } from "../../server/index";

let emulator: Awaited<ReturnType<typeof startServer>>;
let multiOwner: MultiOwnerClient;
beforeAll(async () => {
  emulator = await startServer({ memory: true, port: 0, checkAnswers: true });
  multiOwner = new MultiOwnerClient(new SignerClient({ url: emulator.url }), emulator.url);
});
afterAll(() => emulator?.stop());

const account = () => privateKeyToAccount(generatePrivateKey());
const hash = (text: string) => keccak256(toHex(text));
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: SignerHttpError) => ({ status: e.status, code: e.code }));

describe("multi-owner organisations", () => {
  it("creates an organisation whose members can each sign with its key", async () => {
    const [alice, bob] = [account(), account()];
    const org = await multiOwner.create([alice, bob]);
    expect(org.members.map((m) => m.evmSignerAddress).sort()).toEqual([alice.address, bob.address].sort());
    expect(org.rootQuorum).toEqual({ threshold: 1, userIds: org.members.map((m) => m.userId) });
    for (const member of [alice, bob]) {
      const digest = hash(`signed by ${member.address}`);
      const signature = await multiOwner.signRawPayload(memberStamper(member), org.orgId, org.evmSignerAddress, digest);
      expect(await recoverAddress({ hash: digest, signature })).toBe(org.evmSignerAddress);
    }
  });

  it("refuses a stranger's stamp and a stamp over another body", async () => {
    const alice = account();
    const org = await multiOwner.create([alice]);
    expect(await refusal(multiOwner.signRawPayload(memberStamper(account()), org.orgId, org.evmSignerAddress, hash("x")))).toMatchObject({
      status: 401,
      code: "UNKNOWN_MEMBER",
    });
    const forged = { ...memberStamper(alice), stamp: (body: string) => memberStamper(alice).stamp(body.replace("0x", "0x0")) };
    expect(await refusal(multiOwner.signRawPayload(forged, org.orgId, org.evmSignerAddress, hash("y")))).toMatchObject({ status: 401 });
  });

  it("tells a stranger nothing about membership when preparing a deletion; the stamped deletion refuses a non-member", async () => {
    const [alice, bob, stranger] = [account(), account(), account()];
    const org = await multiOwner.create([alice, bob]);
    const prepare = async (organizationId: string, address: string) => {
      const answer = await fetch(`${emulator.url}/signer/v1/multi-owner-prepare-delete`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ organizationId, members: [{ evmSignerAddress: address }] }),
      });
      return { status: answer.status, userIds: ((await answer.json()) as { result: { parameters: { userIds: string[] } } }).result.parameters.userIds };
    };
    const member = await prepare(org.orgId, bob.address);
    const notMember = await prepare(org.orgId, stranger.address);
    const noOrg = await prepare("0b6a8f1e-5a3c-4f7e-9d2b-1c0e4a7b9f31", stranger.address);
    const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const answer of [member, notMember, noOrg]) {
      expect(answer.status).toBe(200);
      expect(answer.userIds).toHaveLength(1);
      expect(answer.userIds[0]).toMatch(uuidV4);
    }
    expect((await prepare(org.orgId, stranger.address)).userIds).toEqual(notMember.userIds);
    expect(member.userIds).toEqual(org.members.filter((m) => m.evmSignerAddress === bob.address).map((m) => m.userId));
    // A member asking to delete the stand-in learns it is none (members may know their organisation).
    expect(await refusal(multiOwner.removeMembers(memberStamper(alice), org.orgId, [stranger.address]))).toMatchObject({ code: "UNKNOWN_MEMBER" });
  });

  it("adds and removes members through prepared requests, updating the root quorum", async () => {
    const [alice, bob, carol] = [account(), account(), account()];
    const org = await multiOwner.create([alice]);
    expect(await refusal(multiOwner.signRawPayload(memberStamper(bob), org.orgId, org.evmSignerAddress, hash("before")))).toMatchObject({ status: 401 });
    const grown = await multiOwner.addMembers(memberStamper(alice), org.orgId, [bob, carol]);
    expect(grown.members).toHaveLength(3);
    expect(grown.rootQuorum.userIds).toHaveLength(3);
    const digest = hash("bob signs");
    expect(await recoverAddress({ hash: digest, signature: await multiOwner.signRawPayload(memberStamper(bob), org.orgId, org.evmSignerAddress, digest) })).toBe(
      org.evmSignerAddress,
    );
    const shrunk = await multiOwner.removeMembers(memberStamper(bob), org.orgId, [alice.address]);
    expect(shrunk.members.map((m) => m.evmSignerAddress).sort()).toEqual([bob.address, carol.address].sort());
    expect(shrunk.rootQuorum.userIds).toHaveLength(2);
    expect(await refusal(multiOwner.signRawPayload(memberStamper(alice), org.orgId, org.evmSignerAddress, hash("gone")))).toMatchObject({ status: 401 });
    expect(await refusal(multiOwner.removeMembers(memberStamper(bob), org.orgId, [bob.address, carol.address]))).toMatchObject({ code: "LAST_MEMBER" });
  });

  it("needs consensus once the root quorum's threshold is above one, and refuses members outside it", async () => {
    const [alice, bob] = [account(), account()];
    const org = await multiOwner.create([alice, bob]);
    const [aliceId] = org.members.filter((m) => m.evmSignerAddress === alice.address).map((m) => m.userId);
    const narrowed = await multiOwner.updateRootQuorum(memberStamper(alice), org.orgId, { threshold: 1, userIds: [aliceId!] });
    expect(narrowed.rootQuorum).toEqual({ threshold: 1, userIds: [aliceId] });
    expect(await refusal(multiOwner.signRawPayload(memberStamper(bob), org.orgId, org.evmSignerAddress, hash("b")))).toMatchObject({
      status: 403,
      code: "NOT_IN_ROOT_QUORUM",
    });
    await multiOwner.updateRootQuorum(memberStamper(alice), org.orgId, { threshold: 2, userIds: org.members.map((m) => m.userId) });
    expect(await refusal(multiOwner.signRawPayload(memberStamper(alice), org.orgId, org.evmSignerAddress, hash("a")))).toMatchObject({
      status: 409,
      code: "CONSENSUS_NEEDED",
    });
  });

  it("names a member only with their signature of the creation message: someone else's address without it is refused", async () => {
    const [alice, victim] = [account(), account()];
    const create = (body: unknown) =>
      fetch(`${emulator.url}/signer/v1/multi-owner-create`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then(
        async (answer) => ({ status: answer.status, body: (await answer.json()) as { code?: string; message?: string; result?: { members: unknown[] } } }),
      );
    const timestampMs = String(Date.now());
    const message = multiOwnerCreationMessage([alice.address, victim.address], timestampMs);
    const aliceSigns = await alice.signMessage({ message });

    // The hosted wire's shape ({members} only), and a member list where only the creator signed.
    expect(await create({ members: [{ evmSignerAddress: alice.address }, { evmSignerAddress: victim.address }] })).toMatchObject({ status: 403, body: { code: "MEMBER_PROOF_REQUIRED" } });
    const unsigned = await create({ members: [{ evmSignerAddress: alice.address, signature: aliceSigns }, { evmSignerAddress: victim.address }], timestampMs });
    expect(unsigned).toMatchObject({ status: 403, body: { code: "MEMBER_PROOF_REQUIRED" } });
    expect(unsigned.body.message).toContain(victim.address);
    // Alice's own signature offered as the victim's, and a signature of another message by the victim.
    expect(await create({ members: [{ evmSignerAddress: alice.address, signature: aliceSigns }, { evmSignerAddress: victim.address, signature: aliceSigns }], timestampMs })).toMatchObject({
      status: 403,
      body: { code: "INVALID_MEMBER_PROOF" },
    });
    const victimOther = await victim.signMessage({ message: multiOwnerCreationMessage([victim.address], timestampMs) });
    expect(await create({ members: [{ evmSignerAddress: alice.address, signature: aliceSigns }, { evmSignerAddress: victim.address, signature: victimOther }], timestampMs })).toMatchObject({
      status: 403,
      body: { code: "INVALID_MEMBER_PROOF" },
    });

    // With the victim's consent it is accepted, once; a stale message is refused.
    const signed = { members: [{ evmSignerAddress: alice.address, signature: aliceSigns }, { evmSignerAddress: victim.address, signature: await victim.signMessage({ message }) }], timestampMs };
    const created = await create(signed);
    expect(created.status).toBe(200);
    expect(created.body.result!.members).toHaveLength(2);
    expect(await create(signed)).toMatchObject({ status: 401, body: { code: "REPLAYED_REQUEST" } });
    const old = String(Date.now() - 10 * 60_000);
    const stale = multiOwnerCreationMessage([alice.address], old);
    expect(await create({ members: [{ evmSignerAddress: alice.address, signature: await alice.signMessage({ message: stale }) }], timestampMs: old })).toMatchObject({
      status: 401,
      body: { code: "STALE_REQUEST" },
    });
  });

  it("adds a member only with their signature: the quorum's stamp alone cannot name someone", async () => {
    const [alice, victim] = [account(), account()];
    const org = await multiOwner.create([alice]);
    const client = new SignerClient({ url: emulator.url });
    const { result: prepared } = await client.request("multi-owner-prepare-add", { organizationId: org.orgId, members: [{ evmSignerAddress: victim.address }] });
    const add = async (users: unknown[]) => {
      const body = JSON.stringify({ ...prepared, parameters: { users } });
      return refusal(client.request("multi-owner-add", { stampedRequest: { url: `${emulator.url}/public/v1/submit/create_users`, body, stamp: await memberStamper(alice).stamp(body) } }));
    };
    const [user] = prepared.parameters.users as Array<Record<string, unknown>>;
    expect(await add([user])).toMatchObject({ status: 403, code: "MEMBER_PROOF_REQUIRED" });
    const aliceSigns = await alice.signMessage({ message: multiOwnerJoinMessage(org.orgId, [victim.address], prepared.timestampMs) });
    expect(await add([{ ...user, signature: aliceSigns }])).toMatchObject({ status: 403, code: "INVALID_MEMBER_PROOF" });
    const otherOrg = await victim.signMessage({ message: multiOwnerJoinMessage(crypto.randomUUID(), [victim.address], prepared.timestampMs) });
    expect(await add([{ ...user, signature: otherOrg }])).toMatchObject({ status: 403, code: "INVALID_MEMBER_PROOF" });
    expect((await multiOwner.addMembers(memberStamper(alice), org.orgId, [victim])).members).toHaveLength(2);
  });

  it("refuses a replayed member stamp and a malformed create", async () => {
    const alice = account();
    const org = await multiOwner.create([alice]);
    const body = JSON.stringify({
      type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
      timestampMs: String(Date.now()),
      organizationId: org.orgId,
      parameters: { encoding: "PAYLOAD_ENCODING_HEXADECIMAL", hashFunction: "HASH_FUNCTION_NO_OP", payload: hash("once"), signWith: org.evmSignerAddress },
    });
    const stampedRequest = { url: `${emulator.url}/public/v1/submit/sign_raw_payload`, body, stamp: await memberStamper(alice).stamp(body) };
    const client = new SignerClient({ url: emulator.url });
    await client.request("multi-owner-sign-raw-payload", { stampedRequest });
    expect(await refusal(client.request("multi-owner-sign-raw-payload", { stampedRequest }))).toMatchObject({ status: 401, code: "REPLAYED_REQUEST" });
    expect(await refusal(client.request("multi-owner-create", { members: [{ evmSignerAddress: "0x123" }] }))).toMatchObject({ status: 400 });
  });
});
