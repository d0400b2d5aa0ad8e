import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { createApiKey, createKit, getEmbeddedSigner, listUsers, listWalletAccounts, type Kit } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { stamp, WHOAMI_URL, type Session, type User } from "./support/client";
import { startTestEmulator, uniqueEmail, type TestEmulator } from "./support/emulator";

// The kit's key-management actions against the real server: the bodies they send are the ones it accepts.
let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t?.emulator.stop());

/** A kit signed in as `user`, stamping with the session's key (what the auth frame holds in a browser). */
function kitOf(user: User, session: Session): Kit {
  const kit = createKit({ plugins: [emailOtp()], signer: { url: t.emulator.url } });
  kit.setUser({ type: "sca", orgId: user.orgId, userId: user.userId, address: user.address });
  getEmbeddedSigner(kit).useStamper({ stamp: async (body: string) => stamp(body, session) });
  return kit;
}

describe("the kit's key-management actions on the server", () => {
  it("createApiKey registers a key that then stamps a whoami; listUsers shows it; listWalletAccounts lists both addresses", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("kit-km"));
    const kit = kitOf(user, session);
    const apiPrivateKey = p256.utils.randomSecretKey();
    const publicKey = Buffer.from(p256.getPublicKey(apiPrivateKey, true)).toString("hex");

    const { apiKeyId } = await createApiKey(kit, { name: "backend", publicKey, expirationSec: 600 });
    expect(apiKeyId).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.stringify({ organizationId: user.orgId, timestampMs: String(t.clock.now()) });
    const who = await t.client.post("whoami", { stampedRequest: { url: WHOAMI_URL, body, stamp: stamp(body, { apiPrivateKey }) } });
    expect(who.status).toBe(200);
    expect(who.body.userId).toBe(user.userId);

    const [listed] = await listUsers(kit);
    expect(listed!.userId).toBe(user.userId);
    expect(listed!.apiKeys).toContainEqual(expect.objectContaining({ apiKeyId, apiKeyName: "backend" }));

    const accounts = await listWalletAccounts(kit);
    expect(accounts.map((account) => account.address).sort()).toEqual([user.address, user.solanaAddress].sort());
  });

  it("createApiKey rejects with the server's reason when the key is registered already", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("kit-km"));
    await expect(createApiKey(kitOf(user, session), { name: "again", publicKey: session.apiPublicKey, expirationSec: 600 })).rejects.toThrow("is registered already");
  });
});
