import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createKit, type KitConfig } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { evm } from "latch-kit/plugins/evm";
import { walletConnect, type WalletConnectPluginConfig } from "latch-kit/plugins/walletconnect";
import { getWalletConnectState, walletConnectEntry } from "../../../plugins/walletconnect/state";

function setup(plugin?: WalletConnectPluginConfig, section: Record<string, unknown> = {}, ui: KitConfig["ui"] = {}) {
  const kit = createKit({
    plugins: [evm(), walletConnect(plugin)],
    ui: { ...ui, auth: { sections: [[{ type: "external_wallets", ...section }]] } },
  });
  render(<LatchProvider kit={kit} />);
  act(() => kit.openModal({ type: "pick_eoa" }));
  return kit;
}

describe("the remote-pairing option (WalletConnect)", () => {
  it("is listed when the section gives a project id", () => {
    setup(undefined, { walletConnect: { projectId: "p1" } });
    expect(screen.getByRole("button", { name: "Connect with WalletConnect" })).toBeTruthy();
  });

  it("is not listed when no params exist", () => {
    setup();
    expect(screen.getByRole("heading", { name: "No wallets available" })).toBeTruthy();
  });

  it("is featured by any of its names", () => {
    const kit = setup(undefined, { walletConnect: { projectId: "p1" }, wallets: ["wallet_connect"] });
    act(() => kit.setStep({ type: "initial" }));
    expect(screen.getByRole("button", { name: "Connect with WalletConnect" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "More wallets" })).toBeTruthy();
  });

  it("without a project id sets wallet_connect with the error 'remote-pairing params not found', shown as params-not-found", () => {
    const kit = setup({});
    fireEvent.click(screen.getByRole("button", { name: "Connect with WalletConnect" }));
    const step = kit.getStep();
    expect(step).toMatchObject({ type: "wallet_connect", chain: "evm" });
    expect((step as { error?: Error }).error?.message).toBe("remote-pairing params not found");
    expect(screen.getByRole("heading", { name: "Couldn't connect to WalletConnect" })).toBeTruthy();
    expect(screen.getByText("This app's WalletConnect settings are missing or incorrect.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use another method" }));
    expect(kit.getStep().type).toBe("pick_eoa");
  });

  it("wallet_connect says to follow the popup, links to support only when configured, and goes back to pick_eoa", () => {
    const kit = setup({ projectId: "p1" }, {}, { supportUrl: "https://support.example" });
    act(() => kit.setStep({ type: "wallet_connect", chain: "evm", wallet: walletConnectEntry }));
    expect(screen.getByRole("heading", { name: "Connecting to WalletConnect" })).toBeTruthy();
    expect(screen.getByText("Please follow the instructions in the popup to connect.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("https://support.example");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(kit.getStep().type).toBe("pick_eoa");
  });

  it("has no contact-support link without a support URL; Cancel returns to initial", () => {
    const kit = setup({ projectId: "p1" });
    act(() => kit.setStep({ type: "wallet_connect", chain: "evm", wallet: walletConnectEntry }));
    expect(screen.queryByRole("link", { name: "Contact support" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(kit.getStep().type).toBe("initial");
  });

  it("shows the pairing modal: a QR code of width 200, the scan texts, and a copy-link button", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const kit = setup({ projectId: "p1" });
    act(() => kit.setStep({ type: "wallet_connect", chain: "evm", wallet: walletConnectEntry }));
    const uri = "wc:abc@2?relay-protocol=irn&symKey=00";
    act(() => getWalletConnectState(kit).setUri(uri));
    const modal = screen.getByRole("dialog", { name: "Open your wallet and scan this code" });
    const qr = await within(modal).findByRole("img", { name: "QR code to connect your wallet" });
    expect(qr.getAttribute("width")).toBe("200");
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(within(modal).getByText("Waiting for scan")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Copy link" }));
    await within(modal).findByRole("button", { name: "Link copied" });
    expect(writeText).toHaveBeenCalledWith(uri);
    fireEvent.click(within(modal).getByRole("button", { name: "Cancel" }));
    expect(kit.getStep().type).toBe("initial");
    expect(screen.queryByRole("dialog", { name: "Open your wallet and scan this code" })).toBeNull();
  });
});
