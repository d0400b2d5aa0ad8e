import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { hashMessage, recoverAddress, recoverMessageAddress, toHex, verifyMessage } from "viem";
import { SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stampedRequest, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

let t: TestServer;
let alice: { user: User; session: Session };
let bob: { user: User; session: Session };

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.client.signUp(uniqueEmail("alice"));
  bob = await t.client.signUp(uniqueEmail("bob"));
});
afterAll(() => t?.emulator.stop());

function sign(session: Session, parameters: Parameters<typeof signRawPayloadBody>[1]) {
  return t.client.post("sign-payload", { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, parameters), session) });
}

describe("sign-payload", () => {
  it("signs an EVM message hash that viem verifies against the user's address (v = 27 | 28)", async () => {
    const message = "hello from Latch";
    const answer = await sign(alice.session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage(message), signWith: alice.user.address });
    expect(answer.status).toBe(200);
    const signature = answer.body.signature as `0x${string}`;
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect([27, 28]).toContain(parseInt(signature.slice(-2), 16));
    expect(await recoverMessageAddress({ message, signature })).toBe(alice.user.address);
    expect(await verifyMessage({ address: alice.user.address, message, signature })).toBe(true);
  });

  it("takes the hash with or without 0x and signWith in any case", async () => {
    const digest = hashMessage("no prefix");
    const answer = await sign(alice.session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: digest.slice(2), signWith: alice.user.address.toLowerCase() });
    expect(await recoverAddress({ hash: digest, signature: answer.body.signature })).toBe(alice.user.address);
  });

  it("signs Solana message bytes with ed25519 for the Solana address", async () => {
    const message = new TextEncoder().encode("solana message");
    const answer = await sign(alice.session, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload: toHex(message), signWith: alice.user.solanaAddress });
    expect(answer.status).toBe(200);
    const signature = Buffer.from((answer.body.signature as string).slice(2), "hex");
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, message, base58.decode(alice.user.solanaAddress))).toBe(true);
  });

  it("refuses to sign with a wallet the organisation does not own", async () => {
    const evm = await sign(alice.session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("x"), signWith: bob.user.address });
    expect(evm.status).toBe(403);
    expect(evm.body.code).toBe("SIGN_WITH_NOT_OWNED");
    const sol = await sign(alice.session, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload: "0x00", signWith: bob.user.solanaAddress });
    expect(sol.status).toBe(403);
    const mixed = await sign(alice.session, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload: "0x00", signWith: alice.user.address });
    expect(mixed.status).toBe(403);
  });

  it("refuses payloads that are not hex or not a 32-byte hash for NO_OP", async () => {
    const short = await sign(alice.session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: "0x1234", signWith: alice.user.address });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain("parameters.payload");
    const notHex = await sign(alice.session, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload: "zz", signWith: alice.user.solanaAddress });
    expect(notHex.status).toBe(400);
    const badHash = await sign(alice.session, { hashFunction: "HASH_FUNCTION_SHA256" as "HASH_FUNCTION_NO_OP", payload: "0x00", signWith: alice.user.address });
    expect(badHash.status).toBe(400);
    expect(badHash.body.message).toContain("hashFunction");
  });
});
