import { afterEach, describe, expect, it, vi } from "vitest";
import { createKit } from "latch-kit";
import { getSolanaWalletConnection, getSolanaWallets, signInWithSolana, solana, type WalletEntry } from "latch-kit/plugins/solana";
import { fakeStandardWallet, type FakeStandardWalletOptions } from "../solana-wallets/fake-standard-wallet";

// Spec conformance rows about Solana wallets (test/CONFORMANCE.md), against wallet-standard fakes.
let n = 0;
afterEach(() => vi.restoreAllMocks());

async function connectedKit(features: FakeStandardWalletOptions["features"]) {
  n++;
  const name = `Conformance Sol ${n}`;
  const fake = fakeStandardWallet(name, undefined, { features });
  const kit = createKit({ id: `conf-sol-${n}`, plugins: [solana({ chain: "solana:devnet" })] });
  await kit.start();
  fake.register();
  await getSolanaWallets(kit).connect({ key: `svm:svm:${name}`, source: "svm", chain: "svm", id: name, name } as WalletEntry);
  expect(kit.getStatus()).toBe("CONNECTED");
  return { kit, fake };
}

describe("§8 Solana wallet errors", () => {
  it("§8 sign in by wallet: 'Sign in failed, no sign in result returned by wallet'", async () => {
    const { kit } = await connectedKit({ "solana:signIn": { version: "1.0.0", signIn: async () => [] } });
    await expect(signInWithSolana(kit)).rejects.toMatchObject({ name: "WalletSignInError", message: "Sign in failed, no sign in result returned by wallet" });
  });

  it("§8 signing unsupported: 'Connected wallet does not support signing transactions' (no signTransaction, no signAndSendTransaction)", async () => {
    const { kit } = await connectedKit({ "solana:signTransaction": null, "solana:signAndSendTransaction": null });
    await expect(getSolanaWallets(kit).signTransactionBytes(new Uint8Array([1, 0]))).rejects.toMatchObject({
      name: "WalletSignTransactionError",
      message: "Connected wallet does not support signing transactions",
    });
  });
});

describe("§4 wallet states", () => {
  it("§4 a wallet may also be disconnecting: the status while the wallet is told, then disconnected", async () => {
    let release!: () => void;
    const { kit, fake } = await connectedKit({
      "standard:disconnect": { version: "1.0.0", disconnect: () => new Promise<void>((r) => (release = r)) },
    });
    const seen: string[] = [];
    const wallets = getSolanaWallets(kit);
    const off = wallets.subscribe(() => seen.push(getSolanaWalletConnection(kit).status));
    const done = wallets.disconnectWallet();
    expect(getSolanaWalletConnection(kit)).toMatchObject({ status: "disconnecting", walletName: fake.wallet.name });
    await expect(signInWithSolana(kit)).rejects.toMatchObject({ name: "WalletNotConnectedError" });
    release();
    await done;
    off();
    expect(seen).toEqual(["disconnecting", "disconnected"]);
  });
});
