// Multi-owner organisations (spec §6, §7): a wallet that several EVM signers (members) control.
// Members stamp with their own EVM keys; changes to the member set update the root quorum.
import { createHash, createHmac, randomUUID } from "node:crypto";
import { Hono } from "hono";
import { type } from "arktype";
import { getAddress, recoverMessageAddress, type Hex } from "viem";
import type { ServerContext } from "../context";
import { createSealedWallet, signingKeysOfRow } from "../services/custody";
import { fromBase64url, strip0x } from "../crypto/encoding";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../errors";
import { claimOnce } from "../store/usedTokens";
import { multiOwnerCreationMessage, multiOwnerJoinMessage } from "../../wire/multi-owner";
import { readBody } from "../validate";
import * as s from "../schemas";
import { requests } from "../../wire/requests";
import { verifyStampedRequest, type StampedRequest } from "../services/stamps/verify";
import {
  deleteMembers,
  findMultiOwnerOrg,
  insertMember,
  insertMultiOwnerOrg,
  membersOf,
  setRootQuorum,
  upgradeLegacyMultiOwnerWallet,
  type MultiOwnerMember,
} from "../store/multiOwner";

const { evmAddress, MAX_MEMBERS } = s;
const createBody = requests["multi-owner-create"];
const prepareBody = requests["multi-owner-prepare"];
const stampedOnly = type({ stampedRequest: s.stampedRequest });
const timed = { timestampMs: "string | number", organizationId: s.uuid } as const;
const createUsersBody = type({
  type: "'ACTIVITY_TYPE_CREATE_USERS_V3'",
  ...timed,
  // `signature`: the member's own consent (multiOwnerJoinMessage), added by the kit before the stamp.
  parameters: { users: type({ userName: "string", evmSignerAddress: evmAddress, "signature?": s.memberSignature }).array().atLeastLength(1).atMostLength(MAX_MEMBERS) },
});
const deleteUsersBody = type({ type: "'ACTIVITY_TYPE_DELETE_USERS'", ...timed, parameters: { userIds: s.uuid.array().atLeastLength(1).atMostLength(MAX_MEMBERS) } });
const rootQuorumBody = type({
  type: "'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM'",
  ...timed,
  parameters: { threshold: "number.integer >= 1", userIds: s.uuid.array().atLeastLength(1).atMostLength(MAX_MEMBERS) },
});
const signBody = type({
  type: "'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'",
  ...timed,
  parameters: { encoding: "'PAYLOAD_ENCODING_HEXADECIMAL'", hashFunction: "'HASH_FUNCTION_NO_OP'", payload: s.hexString, signWith: evmAddress },
});

const view = (orgId: string, address: string, list: MultiOwnerMember[], threshold: number) => ({
  orgId,
  evmSignerAddress: address,
  members: list.map((m) => ({ userId: m.userId, evmSignerAddress: m.evmSignerAddress })),
  rootQuorum: { threshold, userIds: list.filter((m) => m.inRootQuorum).map((m) => m.userId) },
});

/** Which member signed a verified member stamp (the stamp was already checked; this names the signer). */
async function stamperOf(request: StampedRequest, list: MultiOwnerMember[]): Promise<MultiOwnerMember> {
  const stamp = JSON.parse(new TextDecoder().decode(fromBase64url(request.stamp.stampHeaderValue))) as { signature: string };
  const signer = await recoverMessageAddress({ message: request.body, signature: `0x${strip0x(stamp.signature)}` as Hex });
  const member = list.find((m) => m.evmSignerAddress.toLowerCase() === signer.toLowerCase());
  if (!member) throw forbidden("NOT_A_MEMBER", `${signer} is not a member of this organization`);
  return member;
}

/** A change needs a member of the root quorum; with a threshold above 1 it needs the others' approval. */
async function requireRootQuorum(ctx: ServerContext, request: StampedRequest, orgId: string) {
  const org = await findMultiOwnerOrg(ctx.db, orgId);
  if (!org) throw notFound("ORGANIZATION_NOT_FOUND", `No multi-owner organization ${orgId}`);
  const list = await membersOf(ctx.db, orgId);
  const member = await stamperOf(request, list);
  if (!member.inRootQuorum) throw forbidden("NOT_IN_ROOT_QUORUM", "Only members of the root quorum may act for the organization");
  if (org.threshold > 1) throw conflict("CONSENSUS_NEEDED", `The root quorum needs ${org.threshold} approvals for this activity`);
  return { org, list };
}

/** A user id for an address that is no member: the same for the same (organisation, address), shaped like a real (v4) one. */
function standInUserId(ctx: ServerContext, orgId: string, address: string): string {
  const bytes = createHmac("sha256", ctx.secrets.key("member-pseudonym")).update(`${orgId}|${address}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Naming someone a member needs their consent: each member's EIP-191 signature of the creation
 * message (their addresses and `timestampMs`, wire/multi-owner.ts), recent and used once, so nobody
 * can name another's address as co-owner of a wallet they did not agree to.
 */
async function requireMemberProofs(ctx: ServerContext, body: typeof createBody.infer): Promise<void> {
  if (body.timestampMs === undefined) {
    throw forbidden("MEMBER_PROOF_REQUIRED", "multi-owner-create needs timestampMs and each member's signature of the creation message");
  }
  const ts = Number(body.timestampMs);
  if (!Number.isFinite(ts) || Math.abs(ctx.now() - ts) > ctx.limits.stampMaxSkewMs) {
    throw unauthorized("STALE_REQUEST", "timestampMs is too far from now; have the members sign a fresh creation message");
  }
  const message = multiOwnerCreationMessage(body.members.map((m) => m.evmSignerAddress), body.timestampMs);
  await requireSignatures(message, body.members, "creation");
  const fingerprint = `multi-owner-create:${createHash("sha256").update(message).digest("hex")}`;
  if (!(await claimOnce(ctx.db, fingerprint, ts + 2 * ctx.limits.stampMaxSkewMs))) {
    throw unauthorized("REPLAYED_REQUEST", "These members' signatures already created an organization; sign a fresh creation message");
  }
}

/** Each member's signature of `message` must recover to their address (403 otherwise, naming them). */
async function requireSignatures(message: string, members: ReadonlyArray<{ evmSignerAddress: string; signature?: string }>, what: string): Promise<void> {
  for (const member of members) {
    if (!member.signature) throw forbidden("MEMBER_PROOF_REQUIRED", `${getAddress(member.evmSignerAddress)} did not sign the ${what} message: every member named must`);
    let signer: string | undefined;
    try {
      signer = await recoverMessageAddress({ message, signature: member.signature as Hex });
    } catch {
      signer = undefined;
    }
    if (signer?.toLowerCase() !== member.evmSignerAddress.toLowerCase()) {
      throw forbidden("INVALID_MEMBER_PROOF", `The signature given for ${getAddress(member.evmSignerAddress)} is not theirs over this ${what} message`);
    }
  }
}

export function multiOwnerRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/multi-owner-create", async (c) => {
    const body = await readBody(c, createBody);
    await requireMemberProofs(ctx, body);
    const addresses = [...new Set(body.members.map((m) => getAddress(m.evmSignerAddress)))];
    const orgId = randomUUID();
    const keys = await createSealedWallet(ctx, orgId);
    await ctx.db.transaction(async (tx) => {
      await insertMultiOwnerOrg(tx, { orgId, address: keys.address, threshold: 1, wallet: keys.sealed }, ctx.now());
      for (const evmSignerAddress of addresses) await insertMember(tx, orgId, { userId: randomUUID(), evmSignerAddress }, ctx.now());
    });
    return c.json({ result: view(orgId, keys.address, await membersOf(ctx.db, orgId), 1) });
  });

  // The prepare routes answer the key-management request a member then stamps.
  app.post("/multi-owner-prepare-add", async (c) => {
    const body = await readBody(c, prepareBody);
    if (!(await findMultiOwnerOrg(ctx.db, body.organizationId))) throw notFound("ORGANIZATION_NOT_FOUND", `No multi-owner organization ${body.organizationId}`);
    return c.json({
      result: {
        type: "ACTIVITY_TYPE_CREATE_USERS_V3",
        timestampMs: String(ctx.now()),
        organizationId: body.organizationId,
        parameters: { users: body.members.map((m) => ({ userName: getAddress(m.evmSignerAddress), evmSignerAddress: getAddress(m.evmSignerAddress) })) },
      },
    });
  });

  app.post("/multi-owner-prepare-delete", async (c) => {
    const body = await readBody(c, prepareBody);
    // Unstamped (the wire contract): a stranger must not learn who is a member, so an address that is
    // not one gets a stand-in id; the stamped multi-owner-delete refuses it, to members only.
    const list = await membersOf(ctx.db, body.organizationId);
    const wanted = [...new Set(body.members.map((m) => m.evmSignerAddress.toLowerCase()))];
    const userIds = wanted.map((address) => list.find((m) => m.evmSignerAddress.toLowerCase() === address)?.userId ?? standInUserId(ctx, body.organizationId, address));
    return c.json({
      result: { type: "ACTIVITY_TYPE_DELETE_USERS", timestampMs: String(ctx.now()), organizationId: body.organizationId, parameters: { userIds } },
    });
  });

  app.post("/multi-owner-add", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const body = await verifyStampedRequest(ctx, stampedRequest, "submit/create_users", createUsersBody);
    const { org } = await requireRootQuorum(ctx, stampedRequest, body.organizationId);
    // The stamp is the quorum's decision; each new member's own signature is their consent (the body is recent and single use).
    const users = body.parameters.users;
    await requireSignatures(multiOwnerJoinMessage(org.orgId, users.map((u) => u.evmSignerAddress), String(body.timestampMs)), users, "join");
    await ctx.db.transaction(async (tx) => {
      for (const user of body.parameters.users) await insertMember(tx, org.orgId, { userId: randomUUID(), evmSignerAddress: getAddress(user.evmSignerAddress) }, ctx.now());
      // Adding members updates the root quorum to hold every member.
      const all = await membersOf(tx, org.orgId);
      if (all.length > MAX_MEMBERS) throw badRequest("TOO_MANY_MEMBERS", `A multi-owner organization holds at most ${MAX_MEMBERS} members`);
      await setRootQuorum(tx, org.orgId, org.threshold, all.map((m) => m.userId));
    });
    return c.json({ result: view(org.orgId, org.address, await membersOf(ctx.db, org.orgId), org.threshold) });
  });

  app.post("/multi-owner-delete", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const body = await verifyStampedRequest(ctx, stampedRequest, "submit/delete_users", deleteUsersBody);
    const { org, list } = await requireRootQuorum(ctx, stampedRequest, body.organizationId);
    if (!body.parameters.userIds.every((id) => list.some((m) => m.userId === id))) {
      throw badRequest("UNKNOWN_MEMBER", "Every member to delete must belong to the organization");
    }
    const remaining = list.filter((m) => !body.parameters.userIds.includes(m.userId));
    if (remaining.length === 0) throw badRequest("LAST_MEMBER", "A multi-owner organization keeps at least one member");
    const threshold = Math.min(org.threshold, remaining.length);
    await ctx.db.transaction(async (tx) => {
      await deleteMembers(tx, org.orgId, body.parameters.userIds);
      await setRootQuorum(tx, org.orgId, threshold, remaining.map((m) => m.userId));
    });
    return c.json({ result: view(org.orgId, org.address, await membersOf(ctx.db, org.orgId), threshold) });
  });

  app.post("/multi-owner-update-root-quorum", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const body = await verifyStampedRequest(ctx, stampedRequest, "submit/update_root_quorum", rootQuorumBody);
    const { org, list } = await requireRootQuorum(ctx, stampedRequest, body.organizationId);
    const { threshold, userIds } = body.parameters;
    if (!userIds.every((id) => list.some((m) => m.userId === id))) throw badRequest("UNKNOWN_MEMBER", "The root quorum may only hold members");
    if (threshold > userIds.length) throw badRequest("INVALID_REQUEST", "stampedRequest.body.parameters.threshold exceeds the quorum's members");
    await setRootQuorum(ctx.db, org.orgId, threshold, userIds);
    return c.json({ result: view(org.orgId, org.address, await membersOf(ctx.db, org.orgId), threshold) });
  });

  app.post("/multi-owner-sign-raw-payload", async (c) => {
    const { stampedRequest } = await readBody(c, stampedOnly);
    const body = await verifyStampedRequest(ctx, stampedRequest, "submit/sign_raw_payload", signBody);
    const { org } = await requireRootQuorum(ctx, stampedRequest, body.organizationId);
    if (getAddress(body.parameters.signWith) !== getAddress(org.address)) {
      throw forbidden("SIGN_WITH_NOT_OWNED", `signWith must be the organization's address ${org.address}`);
    }
    const payload = strip0x(body.parameters.payload);
    if (payload.length !== 64) throw badRequest("INVALID_REQUEST", "stampedRequest.body.parameters.payload must be a 32-byte hash");
    const keys = await signingKeysOfRow(ctx, org.orgId, org, (sealed) => upgradeLegacyMultiOwnerWallet(ctx.db, org.orgId, sealed));
    return c.json({ result: { signature: await ctx.evmSigner.sign(keys.evmPrivateKey, `0x${payload}`) } });
  });

  return app;
}
