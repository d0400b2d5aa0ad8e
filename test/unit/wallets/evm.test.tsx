import { afterEach, describe, expect, it } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { defineChain } from "viem";
import { createKit, signMessage, signTypedData } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { evm, getWalletConnection, sendTransaction, switchChain } from "latch-kit/plugins/evm";
import { getEvmWallet } from "../../../plugins/evm/source";
import { fakeEip6963Wallet, type FakeWallet } from "./fake-eip6963";

const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const home = defineChain({ id: 31337, name: "Home", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["http://127.0.0.1:1"] } } });
const other = defineChain({ id: 4242, name: "Other", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["http://127.0.0.1:2"] } } });

let wallet: FakeWallet;
let n = 0;
afterEach(() => {
  localStorage.clear();
});

async function setup() {
  n++;
  wallet = fakeEip6963Wallet({ name: `Test Wallet ${n}`, rdns: `org.example.wallet${n}`, address, chainId: home.id });
  const kit = createKit({ plugins: [evm({ chains: [home, other] })], ui: { auth: { sections: [[{ type: "external_wallets" }]] } } });
  render(<LatchProvider kit={kit} />);
  await act(() => kit.start());
  wallet.announce();
  act(() => kit.openModal());
  return kit;
}

const pick = async (name: string) => {
  fireEvent.click(screen.getByRole("button", { name: "Continue with a wallet" }));
  fireEvent.click(await screen.findByRole("button", { name: `Connect with ${name}` }));
};

describe("evm plugin in the dialog", () => {
  it("connects a discovered EIP-6963 wallet: the EOA user is the wallet address, the name is remembered", async () => {
    const kit = await setup();
    await pick(`Test Wallet ${n}`);
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
    expect(kit.getUser()).toEqual({ type: "eoa", address, orgId: address, userId: address });
    expect(kit.getStatus()).toBe("CONNECTED");
    expect(localStorage.getItem("walletName")).toBe(`Test Wallet ${n}`);
    expect(wallet.requests[0]).toBe("wallet_requestPermissions");
    expect(getWalletConnection(kit)).toMatchObject({ status: "connected", address, chainId: home.id });

    expect(await signMessage(kit, { message: "hi" })).toBe(`0x${"11".repeat(65)}`);
    const typed = await signTypedData(kit, { types: { A: [{ name: "a", type: "uint256" }] }, primaryType: "A", message: { a: 1n } });
    expect(typed).toBe(`0x${"22".repeat(65)}`);

    await act(() => kit.disconnect());
    expect(kit.getUser()).toBeNull();
    expect(localStorage.getItem("walletName")).toBeNull();
    expect(wallet.requests).toContain("wallet_revokePermissions");
  });

  it("shows a rejection in the wallet as the error view, and Try again connects", async () => {
    const kit = await setup();
    wallet.rejectNext.add("wallet_requestPermissions");
    await pick(`Test Wallet ${n}`);
    await screen.findByRole("heading", { name: "Request rejected" });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
  });

  it("switches to a chain the wallet does not know by adding it (4902), and refuses a chain not configured", async () => {
    const kit = await setup();
    await pick(`Test Wallet ${n}`);
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
    await switchChain(kit, { chainId: other.id });
    expect(wallet.requests.slice(-3)).toEqual(["wallet_switchEthereumChain", "wallet_addEthereumChain", "eth_chainId"]);
    await waitFor(() => expect(getWalletConnection(kit).chainId).toBe(other.id));
    await expect(switchChain(kit, { chainId: 1 })).rejects.toThrow("Chain not configured");
    wallet.rejectNext.add("wallet_switchEthereumChain");
    await expect(switchChain(kit, { chainId: home.id })).rejects.toMatchObject({ name: "UserRejectedError" });
  });

  it("asks a wallet on an unconfigured chain to switch; if it cannot: 'The connected wallet does not support this network'", async () => {
    const kit = await setup();
    wallet.chainId = 1;
    wallet.knownChains = new Set([1]);
    wallet.rejectNext.add("wallet_addEthereumChain");
    await pick(`Test Wallet ${n}`);
    // wagmi reports a failed add as a rejection: shown as one.
    await screen.findByRole("heading", { name: "Request rejected" });
    expect(kit.getUser()).toBeNull();
  });

  it("shows 'The connected wallet does not support this network' when the wallet cannot switch, Try again → pick_eoa", async () => {
    const kit = await setup();
    wallet.chainId = 1;
    wallet.knownChains = new Set([1]);
    wallet.failNext.set("wallet_switchEthereumChain", 4200);
    await pick(`Test Wallet ${n}`);
    await screen.findByRole("heading", { name: "The connected wallet does not support this network" });
    expect(kit.getUser()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(kit.getStep().type).toBe("pick_eoa");
  });

  it("reconnects on load with the remembered wallet", async () => {
    const first = await setup();
    await pick(`Test Wallet ${n}`);
    await waitFor(() => expect(first.getStep().type).toBe("complete"));
    const storedName = localStorage.getItem("walletName");
    // A new kit on the same page load (a reload): the wallet is remembered and still authorized.
    const kit = createKit({ plugins: [evm({ chains: [home, other] })], ui: { auth: { sections: [[{ type: "external_wallets" }]] } } });
    render(<LatchProvider kit={kit} />);
    const start = kit.start();
    expect(["connecting", "reconnecting"]).toContain(getWalletConnection(kit).status);
    await act(() => start);
    expect(storedName).toBe(`Test Wallet ${n}`);
    expect(kit.getUser()).toEqual({ type: "eoa", address, orgId: address, userId: address });
    expect(kit.getStatus()).toBe("CONNECTED");
    expect(getWalletConnection(kit).status).toBe("connected");
  });

  it("runs one reconnect at a time: a second call while one runs shares it (the re-entry guard)", async () => {
    const first = await setup();
    await pick(`Test Wallet ${n}`);
    await waitFor(() => expect(first.getStep().type).toBe("complete"));
    const kit = createKit({ plugins: [evm({ chains: [home, other] })], ui: { auth: { sections: [[{ type: "external_wallets" }]] } } });
    const service = getEvmWallet(kit);
    const [a, b] = [service.reconnect(), service.reconnect()];
    expect(b).toBe(a);
    await act(() => a);
    expect(getWalletConnection(kit).status).toBe("connected");
    expect(service.reconnect()).not.toBe(a);
  });

  it("sending a transaction needs a connected wallet, on a configured chain it is on: nothing else reaches the wallet", async () => {
    const kit = await setup();
    await expect(sendTransaction(kit, { to: address, value: 1n })).rejects.toMatchObject({ name: "WalletNotConnectedError" });
    await pick(`Test Wallet ${n}`);
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
    await expect(sendTransaction(kit, { to: address, value: 1n, chainId: 1 })).rejects.toThrow(/does not match the target chain/);
    expect(wallet.requests).not.toContain("eth_sendTransaction");
  });

  it("closing the dialog while the wallet asks cancels: a late approval signs nobody in", async () => {
    const kit = await setup();
    let approve!: () => void;
    wallet.gate = new Promise((resolve) => (approve = resolve));
    await pick(`Test Wallet ${n}`);
    expect(kit.getStep().type).toBe("eoa_connect");
    act(() => kit.closeModal());
    expect(kit.getStep().type).toBe("initial");
    approve();
    await waitFor(() => expect(wallet.requests).toContain("eth_accounts"));
    await new Promise((r) => setTimeout(r, 50));
    expect(kit.getUser()).toBeNull();
    expect(kit.getStep().type).toBe("initial");
    expect(localStorage.getItem("walletName")).toBeNull();
  });

  it("waits up to 1000 ms for a remembered wallet that announces itself late", async () => {
    const late = fakeEip6963Wallet({ name: "Late Wallet", rdns: "org.example.late", address, chainId: home.id, answerRequests: false });
    late.authorized = true;
    localStorage.setItem("walletName", "Late Wallet");
    const kit = createKit({ plugins: [evm({ chains: [home, other] })] });
    const started = Date.now();
    const start = kit.start();
    setTimeout(() => late.announce(), 300);
    await start;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(kit.getUser()?.address).toBe(address);
    expect(late.requests).toContain("eth_accounts");
  });

  it("gives up after 1000 ms when the remembered wallet never shows, keeping its name", async () => {
    localStorage.setItem("walletName", "Gone Wallet");
    const kit = createKit({ plugins: [evm({ chains: [home] })] });
    const started = Date.now();
    await kit.start();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(kit.getUser()).toBeNull();
    expect(kit.getStatus()).toBe("DISCONNECTED");
    expect(localStorage.getItem("walletName")).toBe("Gone Wallet");
  });
});
