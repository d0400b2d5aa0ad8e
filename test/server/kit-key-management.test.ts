import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { createApiKey, createKit, createWalletAccounts, deleteApiKeys, getEmbeddedSigner, listUsers, listWalletAccounts, listWallets, type Kit } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { stamp, WHOAMI_URL, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

// The kit's key-management actions against the real server: the bodies they send are the ones it accepts.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
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
    const { user, session } = await t.client.signUpSteppedUp(uniqueEmail("kit-km"), t.clock.now());
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
    const { user, session } = await t.client.signUpSteppedUp(uniqueEmail("kit-km"), t.clock.now());
    await expect(createApiKey(kitOf(user, session), { name: "again", publicKey: session.apiPublicKey, expirationSec: 600 })).rejects.toThrow("is registered already");
  });

  it("deleteApiKeys deletes a key created by createApiKey: its stamps are refused from then on", async () => {
    const { user, session } = await t.client.signUpSteppedUp(uniqueEmail("kit-km"), t.clock.now());
    const kit = kitOf(user, session);
    const apiPrivateKey = p256.utils.randomSecretKey();
    const { apiKeyId } = await createApiKey(kit, { name: "short-lived", publicKey: Buffer.from(p256.getPublicKey(apiPrivateKey, true)).toString("hex"), expirationSec: 600 });
    expect(await deleteApiKeys(kit, { apiKeyIds: [apiKeyId!] })).toEqual({ apiKeyIds: [apiKeyId] });
    const body = JSON.stringify({ organizationId: user.orgId, timestampMs: String(t.clock.now()) });
    const who = await t.client.post("whoami", { stampedRequest: { url: WHOAMI_URL, body, stamp: stamp(body, { apiPrivateKey }) } });
    expect([who.status, who.body.code]).toEqual([401, "UNKNOWN_API_KEY"]);
    await expect(deleteApiKeys(kit, { apiKeyIds: [apiKeyId!] })).rejects.toThrow(`No API key ${apiKeyId}`);
    await expect(deleteApiKeys(kit, { apiKeyIds: [] })).rejects.toThrow("non-empty list");
  });

  it("listWallets names the default wallet; createWalletAccounts adds its next EVM account, which listWalletAccounts then lists", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("kit-km"));
    const kit = kitOf(user, session);
    const wallets = await listWallets(kit);
    expect(wallets).toEqual([expect.objectContaining({ imported: false, walletName: expect.any(String) })]);
    const [address] = await createWalletAccounts(kit, {
      walletId: wallets[0]!.walletId,
      accounts: [{ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", addressFormat: "ADDRESS_FORMAT_ETHEREUM" }],
    });
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(address).not.toBe(user.address);
    expect((await listWalletAccounts(kit)).map((account) => account.address)).toContain(address);
    await expect(
      createWalletAccounts(kit, { walletId: wallets[0]!.walletId, accounts: [{ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", path: "m/44'/60'/0'/0/1", addressFormat: "ADDRESS_FORMAT_ETHEREUM" }] }),
    ).rejects.toThrow("already has the ADDRESS_FORMAT_ETHEREUM account at m/44'/60'/0'/0/1");
  });
});
