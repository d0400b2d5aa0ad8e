// Reconnect on reload: the remembered wallet reconnects silently when the kit starts (also when it
// registers late); refusal, no account or no answer leave the kit disconnected and forget it.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StandardConnectFeature } from "@wallet-standard/features";
import { createKit, type Kit } from "latch-kit";
import { getSolanaWalletConnection, getSolanaWallets, rememberedWalletKey, solana, SILENT_CONNECT_TIMEOUT_MS } from "latch-kit/plugins/solana";
import type { WalletEntry } from "../../../lib/wallets/index";
import { fakeStandardWallet, type FakeStandardWallet } from "./fake-standard-wallet";

const address = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
let n = 0;
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const entry = (name: string): WalletEntry => ({ key: `svm:svm:${name}`, source: "svm", chain: "svm", id: name, name });
const newKit = (id = `k${n}`) => createKit({ id, plugins: [solana({ chain: "solana:devnet" })] });

/** A page load that connected the wallet from the dialog: the wallet approved, its name remembered. */
async function connectedOnce(): Promise<{ fake: FakeStandardWallet; name: string; id: string }> {
  n++;
  const name = `Reconnect Sol ${n}`;
  const fake = fakeStandardWallet(name);
  const kit = newKit();
  await kit.start();
  fake.register(); // after the first getWallets(): the fake does not answer wallet-standard:app-ready
  await getSolanaWallets(kit).connect(entry(name));
  expect(kit.getStatus()).toBe("CONNECTED");
  expect(localStorage.getItem(rememberedWalletKey(kit))).toBe(name);
  kit.destroy();
  return { fake, name, id: kit.id };
}

describe("solana wallet reconnect on reload", () => {
  it("reconnects the remembered wallet with a silent connect: CONNECTED, the EOA user, no dialog", async () => {
    const { fake, name, id } = await connectedOnce();
    const kit = newKit(id);
    await kit.start();
    expect(fake.calls.slice(-1)).toEqual(["connect:silent"]);
    expect(kit.getStatus()).toBe("CONNECTED");
    expect(kit.getUser()).toMatchObject({ type: "eoa", address, solanaAddress: address });
    expect(getSolanaWalletConnection(kit)).toEqual({ status: "connected", publicKey: address, walletName: name });
    expect(kit.isModalOpen()).toBe(false);
  });

  it("waits for a wallet that registers after the kit starts", async () => {
    n++;
    const name = `Late Sol ${n}`;
    const fake = fakeStandardWallet(name);
    await (fake.wallet.features as StandardConnectFeature)["standard:connect"].connect(); // approved on an earlier visit
    const kit = newKit();
    localStorage.setItem(rememberedWalletKey(kit), name);
    const started = kit.start();
    expect(getSolanaWalletConnection(kit).status).toBe("disconnected");
    await new Promise((r) => setTimeout(r, 50));
    fake.register();
    await started;
    expect(kit.getStatus()).toBe("CONNECTED");
    expect(kit.getUser()?.solanaAddress).toBe(address);
  });

  it.each([
    ["returns no account", "empty"],
    ["throws", "throw"],
  ] as const)("a wallet whose silent connect %s leaves the kit DISCONNECTED and is forgotten", async (_label, silent) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fake, id } = await connectedOnce();
    fake.silent = silent;
    const kit = newKit(id);
    await kit.start();
    expect(kit.getStatus()).toBe("DISCONNECTED");
    expect(kit.getUser()).toBeNull();
    expect(getSolanaWalletConnection(kit).status).toBe("disconnected");
    expect(localStorage.getItem(rememberedWalletKey(kit))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(silent === "throw" ? 1 : 0);
  });

  it("a silent connect that never answers still lets the kit start, DISCONNECTED", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fake, id } = await connectedOnce();
    fake.silent = "hang";
    vi.useFakeTimers();
    const kit = newKit(id);
    const started = kit.start();
    await vi.advanceTimersByTimeAsync(SILENT_CONNECT_TIMEOUT_MS + 10);
    await started;
    expect(kit.getStatus()).toBe("DISCONNECTED");
    expect(localStorage.getItem(rememberedWalletKey(kit))).toBeNull();
  });

  it("a remembered wallet that never registers: DISCONNECTED after the late-detection wait", async () => {
    const kit = newKit(`absent-${++n}`);
    localStorage.setItem(rememberedWalletKey(kit), "Never Installed");
    const t0 = Date.now();
    await kit.start();
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });

  it("logout forgets the wallet: the next load stays disconnected without asking the wallet", async () => {
    const { fake, id } = await connectedOnce();
    const kit = newKit(id);
    await kit.start();
    await kit.disconnect();
    expect(localStorage.getItem(rememberedWalletKey(kit))).toBeNull();
    const calls = fake.calls.length;
    const next = newKit(id);
    await next.start();
    expect(next.getStatus()).toBe("DISCONNECTED");
    expect(fake.calls.length).toBe(calls);
  });

  it("the key is scoped to the kit's id: another kit on the page does not reconnect it", async () => {
    const { fake, id } = await connectedOnce();
    const other: Kit = newKit(`${id}-other`);
    const calls = fake.calls.length;
    await other.start();
    expect(other.getStatus()).toBe("DISCONNECTED");
    expect(fake.calls.length).toBe(calls);
  });

  it("an account switch in the wallet updates the user; no accounts signs out and forgets", async () => {
    const { fake, id } = await connectedOnce();
    const kit = newKit(id);
    await kit.start();
    const other = "7kuT1dfMhUysWcLEV1eYk8ir7RTjszHmsUdrrPQNThcv";
    fake.setAccounts([{ address: other, publicKey: new Uint8Array(32).fill(3), chains: ["solana:devnet"], features: [] }]);
    expect(kit.getUser()).toMatchObject({ address: other, solanaAddress: other });
    expect(getSolanaWalletConnection(kit).publicKey).toBe(other);
    fake.setAccounts([]);
    expect(kit.getUser()).toBeNull();
    expect(kit.getStatus()).toBe("DISCONNECTED");
    expect(localStorage.getItem(rememberedWalletKey(kit))).toBeNull();
  });
});
