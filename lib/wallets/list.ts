// The wallet list rules (pick_eoa), as a pure function: the section and pick_eoa
// both draw from it, and the unit tests pin every rule.
import type { ChainType } from "latch-kit";

/** Both chain families when the section names none. */
const DEFAULT_CHAIN_TYPES: readonly ChainType[] = ["evm", "svm"];

/** An EVM connector as a wallet source reports it. */
export interface EvmConnectorInfo {
  id: string;
  name: string;
  icon?: string;
  /** 'injected' (EIP-6963 or window.ethereum), 'remote-pairing', or another connector type. */
  type: string;
}

/** A Solana wallet as a wallet source reports it. */
export interface SolanaWalletInfo {
  name: string;
  icon?: string;
  readyState: "Installed" | "NotDetected" | "Loadable" | "Unsupported";
}

/** One row of the wallet list: which source handles it, for which chain. */
export interface WalletEntry {
  /** Unique in a list: `${chain}:${source}:${id}`. */
  key: string;
  /** Id of the wallet source that connects it. */
  source: string;
  chain: ChainType;
  /** Connector id (EVM), adapter name (Solana), or the remote-pairing option's id. */
  id: string;
  name: string;
  icon?: string;
  /** The remote-pairing option (WalletConnect) rather than a connector of its own. */
  remotePairing?: boolean;
  readyState?: SolanaWalletInfo["readyState"];
}

export interface WalletListInput {
  evm?: { source: string; connectors: EvmConnectorInfo[] };
  svm?: { source: string; wallets: SolanaWalletInfo[] };
  /** The remote-pairing option, present when its plugin is installed and its params exist. */
  remotePairing?: WalletEntry | null;
  /** Rows of other chain families, listed as their sources give them (after EVM and Solana). */
  entries?: readonly WalletEntry[];
  /** Configured wallet names (section `wallets`), matched case-insensitively. */
  configured?: readonly string[];
  /** Enabled chain types; default evm and svm. */
  chainTypes?: readonly ChainType[];
}

export interface WalletList {
  /** Every wallet once: configured ones first (EVM before Solana), then the rest (EVM before Solana). */
  all: WalletEntry[];
  /** The configured wallets that exist, in the same order: the section features these. */
  configured: WalletEntry[];
}

export const REMOTE_PAIRING_TYPE = "remote-pairing";
/** Connector types that are remote pairing (wagmi names WalletConnect's connector type 'walletConnect'). */
const REMOTE_PAIRING_TYPES = new Set([REMOTE_PAIRING_TYPE, "walletconnect"]);

const norm = (name: string) => name.trim().toLowerCase();

/** wallet_connect, wallet connect and walletconnect all mean the remote-pairing option. */
export function isRemotePairingName(name: string): boolean {
  return norm(name).replace(/[\s_-]+/g, "") === "walletconnect";
}

export function isRemotePairingConnector(connector: Pick<EvmConnectorInfo, "type">): boolean {
  return REMOTE_PAIRING_TYPES.has(connector.type.toLowerCase());
}

/** EVM rows: remote-pairing connectors out; duplicates by lower-cased name, a non-injected one kept over an injected one. */
export function evmEntries(source: string, connectors: readonly EvmConnectorInfo[]): WalletEntry[] {
  const byName = new Map<string, EvmConnectorInfo>();
  for (const connector of connectors) {
    if (isRemotePairingConnector(connector)) continue;
    const key = norm(connector.name);
    const seen = byName.get(key);
    // Map keeps the first one's position; a non-injected duplicate replaces an injected one.
    if (!seen || (seen.type === "injected" && connector.type !== "injected")) byName.set(key, connector);
  }
  return [...byName.values()].map((c) => ({
    key: `evm:${source}:${c.id}`,
    source,
    chain: "evm" as const,
    id: c.id,
    name: c.name,
    ...(c.icon ? { icon: c.icon } : {}),
  }));
}

/** Solana rows: duplicates by lower-cased name, the adapter whose readyState is Installed kept. */
export function svmEntries(source: string, wallets: readonly SolanaWalletInfo[]): WalletEntry[] {
  const byName = new Map<string, SolanaWalletInfo>();
  for (const wallet of wallets) {
    const key = norm(wallet.name);
    const seen = byName.get(key);
    if (!seen || (seen.readyState !== "Installed" && wallet.readyState === "Installed")) byName.set(key, wallet);
  }
  return [...byName.values()].map((w) => ({
    key: `svm:${source}:${w.name}`,
    source,
    chain: "svm" as const,
    id: w.name,
    name: w.name,
    readyState: w.readyState,
    ...(w.icon ? { icon: w.icon } : {}),
  }));
}

/** The wallets pick_eoa lists, every wallet list rule applied. */
export function walletList(input: WalletListInput): WalletList {
  const chainTypes = input.chainTypes ?? DEFAULT_CHAIN_TYPES;
  const evmOn = chainTypes.includes("evm");
  const svmOn = chainTypes.includes("svm");

  const evm = evmOn && input.evm ? evmEntries(input.evm.source, input.evm.connectors) : [];
  // The remote-pairing option is EVM only and shown only when its params exist.
  if (evmOn && input.remotePairing) evm.push({ ...input.remotePairing, chain: "evm", remotePairing: true });
  const svm = svmOn && input.svm ? svmEntries(input.svm.source, input.svm.wallets) : [];
  const other = (input.entries ?? []).filter((entry) => chainTypes.includes(entry.chain));

  const configuredNames: string[] = [];
  for (const name of input.configured ?? []) {
    const key = isRemotePairingName(name) ? "walletconnect" : norm(name);
    if (!configuredNames.includes(key)) configuredNames.push(key);
  }
  const rank = (entry: WalletEntry) => configuredNames.indexOf(entry.remotePairing ? "walletconnect" : norm(entry.name));

  const pickConfigured = (entries: WalletEntry[]) =>
    entries.filter((e) => rank(e) >= 0).sort((a, b) => rank(a) - rank(b));
  const rest = (entries: WalletEntry[]) => entries.filter((e) => rank(e) < 0);

  const configured = [...pickConfigured(evm), ...pickConfigured(svm), ...pickConfigured(other)];
  const all = [...configured, ...rest(evm), ...rest(svm), ...rest(other)];
  // Each wallet once, whatever the sources reported.
  const seen = new Set<string>();
  const unique = all.filter((e) => (seen.has(e.key) ? false : (seen.add(e.key), true)));
  return { all: unique, configured: unique.filter((e) => rank(e) >= 0) };
}
