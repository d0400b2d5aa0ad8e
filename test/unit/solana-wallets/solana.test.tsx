import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createKit, definePlugin, type Kit } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import {
  getSolanaWalletConnection,
  signSolanaMessage,
  solana,
  solanaAdapters,
  solanaEoaUser,
  wireVersion,
  getSolanaWallets,
  SOLANA_WALLET_ERROR_NAMES,
  WalletNotReadyError,
} from "latch-kit/plugins/solana";
import { registerWalletSource, walletList, type WalletSource } from "../../../lib/wallets/index";
import { fakeStandardWallet } from "./fake-standard-wallet";

const address = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
let n = 0;
afterEach(() => vi.restoreAllMocks());

/** A fake EVM source recording disconnects (the Solana flow disconnects every current wallet first). */
function fakeEvm(calls: string[]) {
  return definePlugin({
    id: "fake-evm",
    setup: (kit: Kit) => {
      const snapshot = { kind: "evm" as const, connectors: [{ id: "e1", name: "Evm Wallet", type: "injected" }] };
      const source: WalletSource = {
        id: "evm",
        chain: "evm",
        snapshot: () => snapshot,
        subscribe: () => () => {},
        connect: () => {},
        cancel: () => {},
        disconnect: async () => void calls.push("evm.disconnect"),
      };
      registerWalletSource(kit, source);
    },
  });
}

async function setup(options: { known?: Array<{ name: string; url: string }> } = {}) {
  n++;
  const name = `Fake Sol ${n}`;
  const fake = fakeStandardWallet(name);
  const evmCalls: string[] = [];
  const kit = createKit({
    plugins: [fakeEvm(evmCalls), solana({ wallets: options.known ?? [] })],
    ui: { auth: { sections: [[{ type: "external_wallets" }]] } },
  });
  render(<LatchProvider kit={kit} />);
  await act(() => kit.start());
  act(() => fake.register());
  act(() => kit.openModal());
  return { kit, fake, name, evmCalls };
}

const openList = async () => {
  fireEvent.click(screen.getByRole("button", { name: "Continue with a wallet" }));
  return screen.findByRole("list", { name: "Wallets" });
};

describe("solana wallet list", () => {
  it("offers only wallet-standard wallets with a solana chain and standard:connect; absent known wallets are NotDetected", () => {
    const sol = fakeStandardWallet("Sol").wallet;
    const evmOnly = { ...fakeStandardWallet("Evm").wallet, chains: ["eip155:1"] as const };
    const noConnect = { ...fakeStandardWallet("NoConnect").wallet, features: {} };
    const adapters = solanaAdapters([sol, evmOnly, noConnect], [{ name: "Phantom", url: "https://phantom.app" }]);
    expect(adapters.map((a) => [a.name, a.readyState])).toEqual([
      ["Phantom", "NotDetected"],
      ["Sol", "Installed"],
    ]);
  });

  it("resolves duplicates by lower-cased name keeping the Installed adapter, and lists Solana after EVM", () => {
    const installed = fakeStandardWallet("Phantom").wallet;
    const adapters = solanaAdapters([installed], [{ name: "phantom", url: "https://phantom.app" }, { name: "Backpack", url: "https://backpack.app" }]);
    const list = walletList({
      evm: { source: "evm", connectors: [{ id: "m", name: "MetaMask", type: "injected" }] },
      svm: { source: "svm", wallets: adapters },
    });
    expect(list.all.map((e) => [e.chain, e.name, e.readyState])).toEqual([
      ["evm", "MetaMask", undefined],
      ["svm", "Phantom", "Installed"],
      ["svm", "Backpack", "NotDetected"],
    ]);
  });

  it("shows a Solana wallet with its name and the 'Solana' badge after the EVM ones", async () => {
    const { name } = await setup();
    const list = await openList();
    const buttons = await within(list).findAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["Connect with Evm Wallet", `Connect with ${name} (Solana)`]);
    expect(within(buttons[1]!).getByText("Solana")).toBeTruthy();
  });

  it("without svm in chainType no Solana wallet is offered", () => {
    const list = walletList({ svm: { source: "svm", wallets: solanaAdapters([fakeStandardWallet("X").wallet], []) }, chainTypes: ["evm"] });
    expect(list.all).toEqual([]);
  });
});

describe("solana connect flow", () => {
  it("disconnects any current wallet, moves to eoa_connect for svm, then complete with the EOA user", async () => {
    const { kit, fake, name, evmCalls } = await setup();
    const steps: string[] = [];
    kit.events.on("stepChanged", (s) => steps.push(s.type === "eoa_connect" ? `eoa_connect:${s.chain}` : s.type));
    fireEvent.click(within(await openList()).getByRole("button", { name: `Connect with ${name} (Solana)` }));
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
    expect(evmCalls).toEqual(["evm.disconnect"]);
    expect(steps).toEqual(["pick_eoa", "eoa_connect:svm", "complete"]);
    expect(kit.getUser()).toEqual({ type: "eoa", address, orgId: address, userId: address, solanaAddress: address });
    expect(kit.getUser()).toEqual(solanaEoaUser(address));
    expect(getSolanaWalletConnection(kit)).toEqual({ status: "connected", publicKey: address, walletName: name });

    expect(await signSolanaMessage(kit, "hi")).toEqual(new Uint8Array(64).fill(1));
    // A v0 transaction is refused when the wallet lists only legacy.
    const v0 = new Uint8Array([1, ...new Uint8Array(64), 0x80, 1, 0, 0]);
    expect(wireVersion(v0)).toBe(0);
    await expect(getSolanaWallets(kit).signTransactionBytes(v0)).rejects.toMatchObject({ name: "WalletSignTransactionError" });
    const legacy = new Uint8Array([1, ...new Uint8Array(64), 1, 0, 0]);
    expect((await getSolanaWallets(kit).signTransactionBytes(legacy)).slice(1, 65)).toEqual(new Uint8Array(64).fill(9));

    await act(() => kit.disconnect());
    expect(kit.getUser()).toBeNull();
    expect(fake.calls).toContain("disconnect");
    expect(getSolanaWalletConnection(kit).status).toBe("disconnected");
    await expect(signSolanaMessage(kit, "hi")).rejects.toMatchObject({ name: "WalletNotConnectedError" });
  });

  it("a rejection in the wallet shows the rejected view, and Try again connects", async () => {
    const { kit, fake, name } = await setup();
    fake.rejectNext.add("connect");
    fireEvent.click(within(await openList()).getByRole("button", { name: `Connect with ${name} (Solana)` }));
    await screen.findByRole("heading", { name: "Request rejected" });
    const step = kit.getStep();
    expect(step.type === "eoa_connect" && step.chain).toBe("svm");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
  });

  it("the wallet removing its accounts signs the user out", async () => {
    const { kit, fake, name } = await setup();
    fireEvent.click(within(await openList()).getByRole("button", { name: `Connect with ${name} (Solana)` }));
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
    act(() => fake.setAccounts([]));
    expect(kit.getUser()).toBeNull();
  });

  it("a wallet that is not ready cannot connect: WalletNotReadyError is logged and its site opens in a new tab", async () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { kit } = await setup({ known: [{ name: "Ghost Wallet", url: "https://ghost.example/" }] });
    fireEvent.click(within(await openList()).getByRole("button", { name: "Connect with Ghost Wallet (Solana)" }));
    expect(open).toHaveBeenCalledWith("https://ghost.example/", "_blank");
    const step = kit.getStep();
    expect(step.type === "eoa_connect" && step.error).toBeInstanceOf(WalletNotReadyError);
    expect(logged).toHaveBeenCalled();
    expect(kit.getUser()).toBeNull();
    await screen.findByText("Ghost Wallet is not installed in this browser. Its website opened in a new tab.");
  });

  it("names every wallet error of the catalogue", async () => {
    const mod = await import("latch-kit/plugins/solana");
    for (const name of SOLANA_WALLET_ERROR_NAMES) {
      const Ctor = (mod as unknown as Record<string, new () => Error>)[name];
      expect(new Ctor!().name).toBe(name);
    }
  });
});
