// Spec rows no test pinned before (issue 34): smart-account clients cleared on disconnect, and the
// mobile wallet's https requirements.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createKit } from "latch-kit";
import { devnetChain } from "latch-kit/chain";
import { getSmartAccounts, smartAccounts, type SmartAccountClients } from "latch-kit/plugins/smart-accounts";
import { connectMwa } from "../../../plugins/mobile/transport/connection";
import { assertWalletBaseUrl } from "../../../plugins/mobile/transport/association";

afterEach(() => vi.unstubAllGlobals());

describe("§4 on disconnect, the account configs are cleared", () => {
  it("the smart-account clients (and their error) are cleared when the kit disconnects", () => {
    const kit = createKit({ plugins: [smartAccounts({ chain: devnetChain() })] });
    const accounts = getSmartAccounts(kit);
    kit.store.set(accounts.clientsAtom, { LightAccount: {} } as unknown as SmartAccountClients);
    kit.store.set(accounts.errorAtom, new Error("earlier"));
    kit.events.emit("disconnected", undefined);
    expect(kit.store.get(accounts.clientsAtom)).toBeNull();
    expect(kit.store.get(accounts.errorAtom)).toBeNull();
  });
});

describe("§5 the mobile wallet needs a secure (https) context and https wallet base URLs", () => {
  it("refuses to open a session outside a secure context", async () => {
    vi.stubGlobal("isSecureContext", false);
    await expect(connectMwa({ kind: "local" })).rejects.toMatchObject({ code: "ERROR_SECURE_CONTEXT_REQUIRED" });
  });

  it("refuses a wallet-supplied base URL that is not https, takes an https one", () => {
    for (const bad of ["http://wallet.example/mwa", "solana-wallet:/", "not a url", "javascript:alert(1)"]) {
      expect(() => assertWalletBaseUrl(bad), bad).toThrow(expect.objectContaining({ code: "ERROR_FORBIDDEN_WALLET_BASE_URL" }));
    }
    expect(assertWalletBaseUrl("https://wallet.example/mwa").protocol).toBe("https:");
  });
});
