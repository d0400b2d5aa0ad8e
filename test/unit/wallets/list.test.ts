import { describe, expect, it } from "vitest";
import { evmEntries, isRemotePairingName, svmEntries, walletList, type EvmConnectorInfo, type WalletEntry } from "../../../lib/wallets/index";

const c = (name: string, type = "injected", id = name.toLowerCase()): EvmConnectorInfo => ({ id, name, type });
const wc: WalletEntry = { key: "evm:walletconnect:walletConnect", source: "walletconnect", chain: "evm", id: "walletConnect", name: "WalletConnect" };
const names = (entries: WalletEntry[]) => entries.map((e) => (e.chain === "svm" ? `${e.name}/svm` : e.name));

describe("wallet list rules (spec §2)", () => {
  it("excludes remote-pairing connectors from the EVM list", () => {
    const entries = evmEntries("evm", [c("MetaMask"), c("WalletConnect", "walletConnect"), c("Pairing", "remote-pairing")]);
    expect(names(entries)).toEqual(["MetaMask"]);
  });

  it("removes duplicates by lower-cased name, replacing the injected one with a non-injected one", () => {
    const entries = evmEntries("evm", [c("MetaMask", "injected", "io.metamask"), c("Rabby"), c("metamask", "metaMaskSDK", "metaMaskSDK")]);
    expect(entries.map((e) => e.id)).toEqual(["metaMaskSDK", "rabby"]);
  });

  it("keeps the first of two injected duplicates", () => {
    expect(evmEntries("evm", [c("Rabby", "injected", "a"), c("RABBY", "injected", "b")]).map((e) => e.id)).toEqual(["a"]);
  });

  it("prefers the Installed adapter among Solana duplicates", () => {
    const entries = svmEntries("svm", [
      { name: "Phantom", readyState: "Loadable" },
      { name: "Solflare", readyState: "NotDetected" },
      { name: "phantom", readyState: "Installed" },
    ]);
    expect(entries.map((e) => [e.name, e.readyState])).toEqual([
      ["phantom", "Installed"],
      ["Solflare", "NotDetected"],
    ]);
  });

  it("matches configured names case-insensitively and puts them first, in configured order", () => {
    const { all, configured } = walletList({
      evm: { source: "evm", connectors: [c("MetaMask"), c("Rabby"), c("Coinbase Wallet")] },
      configured: ["coinbase wallet", "METAMASK"],
    });
    expect(names(configured)).toEqual(["Coinbase Wallet", "MetaMask"]);
    expect(names(all)).toEqual(["Coinbase Wallet", "MetaMask", "Rabby"]);
  });

  it("appends the wallets not configured after the configured ones", () => {
    const { all } = walletList({ evm: { source: "evm", connectors: [c("A"), c("B"), c("C")] }, configured: ["c"] });
    expect(names(all)).toEqual(["C", "A", "B"]);
  });

  it("reads wallet_connect, wallet connect and walletconnect as the remote-pairing option", () => {
    for (const name of ["wallet_connect", "Wallet Connect", "WALLETCONNECT", "walletconnect"]) {
      expect(isRemotePairingName(name)).toBe(true);
      const { configured } = walletList({ evm: { source: "evm", connectors: [c("MetaMask")] }, remotePairing: wc, configured: [name] });
      expect(names(configured)).toEqual(["WalletConnect"]);
      expect(configured[0]!.remotePairing).toBe(true);
    }
    expect(isRemotePairingName("wallet")).toBe(false);
  });

  it("shows the remote-pairing option only when EVM is enabled and its params exist", () => {
    const evm = { source: "evm", connectors: [c("MetaMask")] };
    expect(names(walletList({ evm, remotePairing: wc }).all)).toEqual(["MetaMask", "WalletConnect"]);
    expect(names(walletList({ evm, remotePairing: null }).all)).toEqual(["MetaMask"]);
    expect(names(walletList({ evm, remotePairing: wc, chainTypes: ["svm"] }).all)).toEqual([]);
    expect(names(walletList({ evm, remotePairing: null, configured: ["walletconnect"] }).configured)).toEqual([]);
  });

  it("lists each wallet once, even when configured twice", () => {
    const { all, configured } = walletList({
      evm: { source: "evm", connectors: [c("MetaMask"), c("MetaMask", "injected", "other")] },
      remotePairing: wc,
      configured: ["MetaMask", "metamask", "walletconnect", "wallet_connect"],
    });
    expect(names(configured)).toEqual(["MetaMask", "WalletConnect"]);
    expect(names(all)).toEqual(["MetaMask", "WalletConnect"]);
  });

  it("puts EVM entries before Solana entries, among the configured and among the rest", () => {
    const { all } = walletList({
      evm: { source: "evm", connectors: [c("MetaMask"), c("Rabby")] },
      svm: { source: "svm", wallets: [{ name: "Phantom", readyState: "Installed" }, { name: "Backpack", readyState: "Installed" }] },
      configured: ["Phantom", "Rabby"],
    });
    expect(names(all)).toEqual(["Rabby", "Phantom/svm", "MetaMask", "Backpack/svm"]);
  });

  it("offers Solana wallets only when a Solana source exists and svm is enabled", () => {
    const svm = { source: "svm", wallets: [{ name: "Phantom", readyState: "Installed" as const }] };
    expect(names(walletList({ svm }).all)).toEqual(["Phantom/svm"]);
    expect(names(walletList({ svm, chainTypes: ["evm"] }).all)).toEqual([]);
    expect(names(walletList({ evm: { source: "evm", connectors: [c("MetaMask")] } }).all)).toEqual(["MetaMask"]);
  });

  it("defaults to both chain types and no configured wallets", () => {
    const list = walletList({ evm: { source: "evm", connectors: [c("MetaMask")] }, svm: { source: "svm", wallets: [{ name: "Phantom", readyState: "Installed" }] } });
    expect(names(list.all)).toEqual(["MetaMask", "Phantom/svm"]);
    expect(list.configured).toEqual([]);
  });

  it("gives every entry a unique key naming chain, source and id", () => {
    const { all } = walletList({ evm: { source: "evm", connectors: [c("MetaMask", "injected", "io.metamask")] }, remotePairing: wc });
    expect(all.map((e) => e.key)).toEqual(["evm:evm:io.metamask", "evm:walletconnect:walletConnect"]);
  });
});
