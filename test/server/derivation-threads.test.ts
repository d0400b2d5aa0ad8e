// Wallets derived on worker threads (the production profile's default): the same keys as on the event
// loop, sign-ups that sign with them, failures that reject, and nothing left running after stop.
import { afterAll, describe, expect, it } from "vitest";
import { hashMessage, recoverMessageAddress } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { createWalletDeriver } from "../../server/crypto/derivationPool";
import { deriveWallet, newMnemonic } from "../../server/crypto/wallet";
import { SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stampedRequest } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

let t: TestServer | undefined;
afterAll(() => t?.emulator.stop());

describe("wallet derivation threads", () => {
  it("derive on two threads exactly what the event loop derives, and reject a bad mnemonic", async () => {
    const deriver = createWalletDeriver(2);
    try {
      const mnemonics = Array.from({ length: 6 }, () => newMnemonic());
      const derived = await Promise.all(mnemonics.map((m) => deriver.derive(m)));
      for (const [i, keys] of derived.entries()) {
        expect(keys).toEqual(await deriveWallet(mnemonics[i]!));
        expect(keys.address).toBe(mnemonicToAccount(mnemonics[i]!).address);
      }
      await expect(deriver.derive("not a mnemonic at all")).rejects.toThrow("invalid mnemonic");
    } finally {
      await deriver.close();
    }
    await expect(deriver.derive(newMnemonic())).rejects.toThrow("stopping");
  });

  it("sign up users whose wallets were derived on a thread and sign with them", async () => {
    t = await startTestServer({ derivationThreads: 1 });
    const signUps = await Promise.all([0, 1, 2].map((i) => t!.client.signUp(uniqueEmail(`thread-${i}`))));
    for (const { user, session } of signUps) {
      const message = `signed by ${user.userId}`;
      const body = signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage(message), signWith: user.address });
      const answer = await t.client.post("sign-payload", { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, body, session) });
      expect(answer.status).toBe(200);
      expect(await recoverMessageAddress({ message, signature: answer.body.signature })).toBe(user.address);
    }
  });
});
