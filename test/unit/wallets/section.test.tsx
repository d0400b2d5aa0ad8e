import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createKit, type Kit } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { UnsupportedNetworkError, UserRejectedError, WalletNotFoundError, type ExternalWalletsSectionConfig, type WalletEntry } from "../../../lib/wallets/index";
import { fakeWalletPlugin, injected } from "./fake-source";

const wallets = [injected("MetaMask"), injected("Rabby"), injected("Coinbase Wallet")];

function setup(section: Partial<ExternalWalletsSectionConfig> = {}, connectors = wallets) {
  const fake = fakeWalletPlugin(connectors);
  const kit = createKit({
    plugins: [fake.plugin],
    ui: { auth: { sections: [[{ type: "external_wallets", ...section }]] }, supportUrl: "https://support.example" },
  });
  render(<LatchProvider kit={kit} />);
  act(() => kit.openModal());
  return { kit, state: fake.state };
}

const button = (name: string | RegExp) => screen.getByRole("button", { name });
const walletButtons = () => screen.queryAllByRole("button", { name: /^Connect with / }).map((b) => b.textContent);
const entry = (kit: Kit, name: string): WalletEntry => ({ key: `evm:evm:${name.toLowerCase()}`, source: "evm", chain: "evm", id: name.toLowerCase(), name });

describe("the external_wallets section", () => {
  it("shows every configured wallet by default (unlimited), in configured order, then 'More wallets'", () => {
    setup({ wallets: ["rabby", "METAMASK", "Not Installed"] });
    expect(walletButtons()).toEqual(["Rabby", "MetaMask"]);
    expect(button("More wallets")).toBeTruthy();
  });

  it("shows at most numFeaturedWallets configured wallets", () => {
    setup({ wallets: ["Rabby", "MetaMask", "Coinbase Wallet"], numFeaturedWallets: 2 });
    expect(walletButtons()).toEqual(["Rabby", "MetaMask"]);
  });

  it("uses moreButtonText for the more button, and hideMoreButton hides it", () => {
    setup({ wallets: ["Rabby"], moreButtonText: "All the wallets" });
    expect(button("All the wallets")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "More wallets" })).toBeNull();
  });

  it("hides the more button with hideMoreButton", () => {
    setup({ wallets: ["Rabby"], hideMoreButton: true });
    expect(walletButtons()).toEqual(["Rabby"]);
    expect(screen.queryByRole("button", { name: "More wallets" })).toBeNull();
  });

  it("shows 'Continue with a wallet' when no configured wallet is featured, opening pick_eoa", () => {
    const { kit } = setup();
    expect(walletButtons()).toEqual([]);
    fireEvent.click(button("Continue with a wallet"));
    expect(kit.getStep().type).toBe("pick_eoa");
    expect(screen.getByRole("heading", { name: "Select your wallet" })).toBeTruthy();
  });

  it("'Continue with a wallet' also shows when numFeaturedWallets is 0", () => {
    setup({ wallets: ["Rabby"], numFeaturedWallets: 0 });
    expect(button("Continue with a wallet")).toBeTruthy();
  });

  it("starts a connect when a featured wallet is pressed", () => {
    const { kit, state } = setup({ wallets: ["Rabby"] });
    fireEvent.click(button("Connect with Rabby"));
    expect(state.calls).toEqual([{ method: "connect", wallet: "Rabby" }]);
    expect(kit.getStep()).toMatchObject({ type: "eoa_connect", chain: "evm", wallet: { name: "Rabby" } });
  });

  it("offers nothing but 'Continue with a wallet' when the section's chain types exclude EVM", () => {
    setup({ wallets: ["Rabby"], chainType: ["svm"] });
    expect(walletButtons()).toEqual([]);
  });
});

describe("pick_eoa", () => {
  it("lists every available wallet under 'Select your wallet', configured first", () => {
    const { kit } = setup({ wallets: ["Coinbase Wallet"] });
    act(() => kit.setStep({ type: "pick_eoa" }));
    const list = screen.getByRole("list", { name: "Wallets" });
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["Coinbase Wallet", "MetaMask", "Rabby"]);
  });

  it("says 'No wallets available' when there are none", () => {
    const { kit } = setup({}, []);
    act(() => kit.setStep({ type: "pick_eoa" }));
    expect(screen.getByRole("heading", { name: "No wallets available" })).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("goes back to initial", () => {
    const { kit } = setup();
    act(() => kit.setStep({ type: "pick_eoa" }));
    fireEvent.click(button("Back"));
    expect(kit.getStep().type).toBe("initial");
  });
});

describe("eoa_connect", () => {
  it("shows 'Connecting to {wallet name}', the pulsing icon and the hint", () => {
    const { kit } = setup();
    act(() => kit.setStep({ type: "eoa_connect", chain: "evm", wallet: entry(kit, "Rabby") }));
    expect(screen.getByRole("heading", { name: "Connecting to Rabby" })).toBeTruthy();
    expect(screen.getByText("Please follow the instructions in your wallet to connect.")).toBeTruthy();
    expect(document.querySelector("[data-pulse]")).toBeTruthy();
  });

  it("Cancel stops the connection and returns to initial", () => {
    const { kit, state } = setup();
    act(() => kit.setStep({ type: "eoa_connect", chain: "evm", wallet: entry(kit, "Rabby") }));
    fireEvent.click(button("Cancel"));
    expect(kit.getStep().type).toBe("initial");
    expect(state.calls).toEqual([{ method: "cancel" }]);
  });

  it("back returns to pick_eoa (and stops the connection)", () => {
    const { kit, state } = setup();
    act(() => kit.setStep({ type: "eoa_connect", chain: "evm", wallet: entry(kit, "Rabby") }));
    fireEvent.click(button("Back"));
    expect(kit.getStep().type).toBe("pick_eoa");
    expect(state.calls).toEqual([{ method: "cancel" }]);
  });
});

describe("the wallet error view", () => {
  const showError = (error: Error) => {
    const ctx = setup();
    act(() => ctx.kit.setStep({ type: "eoa_connect", chain: "evm", wallet: entry(ctx.kit, "Rabby"), error }));
    return ctx;
  };

  it("disconnects the wallet on show", () => {
    const { state } = showError(new Error("boom"));
    expect(state.calls).toEqual([{ method: "disconnect" }]);
    expect(screen.getByRole("heading", { name: "Couldn't connect to Rabby" })).toBeTruthy();
  });

  it("Try again reconnects the same wallet on the current chain", () => {
    const { state } = showError(new Error("boom"));
    state.chainId = 31337;
    fireEvent.click(button("Try again"));
    expect(state.calls.at(-1)).toEqual({ method: "connect", wallet: "Rabby", chainId: 31337 });
  });

  it("Use another method goes to pick_eoa", () => {
    const { kit } = showError(new Error("boom"));
    fireEvent.click(button("Use another method"));
    expect(kit.getStep().type).toBe("pick_eoa");
  });

  it("shows a user rejection as a rejected request", () => {
    showError(new UserRejectedError());
    expect(screen.getByRole("heading", { name: "Request rejected" })).toBeTruthy();
    expect(screen.getByText("You rejected the connection in Rabby. Try again when you are ready.")).toBeTruthy();
  });

  it("offers Try again with a different wallet when the network is unsupported", () => {
    const { kit } = showError(new UnsupportedNetworkError());
    expect(screen.getByRole("heading", { name: "The connected wallet does not support this network" })).toBeTruthy();
    expect(screen.getByText("Try again with a different wallet.")).toBeTruthy();
    fireEvent.click(button("Try again"));
    expect(kit.getStep().type).toBe("pick_eoa");
  });

  it("opens 'We can't find a wallet' with 'Find a wallet' when the provider is gone", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    showError(new WalletNotFoundError());
    const modal = screen.getByRole("dialog", { name: "We can't find a wallet" });
    expect(within(modal).getByRole("heading", { name: "We can't find a wallet" })).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Find a wallet" }));
    expect(open).toHaveBeenCalledWith("https://wallets.example/find", "_blank", "noopener,noreferrer");
    open.mockRestore();
  });
});
