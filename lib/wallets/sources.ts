// The extension point for wallet providers: each registers "wallet sources" per chain into the
// kit's container (EVM connectors now, Solana wallets later, the remote-pairing option), and the
// section and pick_eoa draw whatever sources are registered.
import { defineService, token, type ChainType, type Kit } from "latch-kit";
import type { EvmConnectorInfo, SolanaWalletInfo, WalletEntry } from "./list";

/**
 * What a source offers, by kind (an open registry): the EVM and Solana kinds that the list rules
 * know, the remote-pairing option, and `entries` — rows a source lists as they are, which is all a
 * third chain family needs (its plugin registers a source; see test/unit/wallets/third-family.test.ts).
 * A plugin may add a kind of its own: `declare module "../../lib/wallets/sources" { interface WalletSourceSnapshots { … } }`.
 */
export interface WalletSourceSnapshots {
  evm: { connectors: readonly EvmConnectorInfo[] };
  svm: { wallets: readonly SolanaWalletInfo[] };
  "remote-pairing": { option: WalletEntry | null };
  entries: { entries: readonly WalletEntry[] };
}

export type WalletSourceSnapshot = { [K in keyof WalletSourceSnapshots]: { kind: K } & WalletSourceSnapshots[K] }[keyof WalletSourceSnapshots];

export interface ConnectOptions {
  /** Chain to connect on (Try again passes the current one). */
  chainId?: number;
}

export interface WalletSource {
  /** Unique per kit: 'evm', 'walletconnect', 'svm'. */
  id: string;
  chain: ChainType;
  /** What the source offers now; the same object until it changes (a store snapshot). */
  snapshot(): WalletSourceSnapshot;
  subscribe(onChange: () => void): () => void;
  /** Starts connecting: moves the flow to the source's connect step; failures land on that step as its error. */
  connect(wallet: WalletEntry, options?: ConnectOptions): void;
  /** Stops a pending connection (Cancel); a late approval then signs nobody in. */
  cancel(): void;
  /** Ends the wallet connection, if any; always settles. */
  disconnect(): Promise<void>;
  /** The chain the wallet is on now, for Try again. */
  currentChainId?(): number | undefined;
  /** Where 'Find a wallet' leads when no wallet can be found. */
  findWalletUrl?: string;
}

export const WALLET_SOURCE = token<WalletSource>("latch.wallets.WalletSource");

export function walletSources(kit: Kit): WalletSource[] {
  return kit.container.all(WALLET_SOURCE);
}

export function walletSource(kit: Kit, id: string): WalletSource | undefined {
  return walletSources(kit).find((s) => s.id === id);
}

/** Registers a source once per kit; a second plugin registering the same id is ignored. */
export function registerWalletSource(kit: Kit, source: WalletSource): void {
  if (walletSource(kit, source.id)) return;
  kit.container.add(WALLET_SOURCE, source);
}

/**
 * EVM-only extension points, so the WalletConnect plugin can add its connector to the EVM plugin's
 * wallet config and reuse its connect flow without importing (and shipping) the EVM plugin's code.
 */
export const EVM_CONNECTOR = token<unknown>("latch.evm.Connector");

/** The EVM plugin's wallet as another plugin may use it (WalletConnect connects through its flow). */
export interface EvmWalletPort {
  connect(wallet: WalletEntry, options?: ConnectOptions, stepType?: "eoa_connect" | "wallet_connect"): Promise<void>;
  cancel(): void;
  disconnectWallet(): Promise<void>;
  currentChainId(): number | undefined;
}

export const evmWalletService = defineService<EvmWalletPort>("evm.Wallet", { missing: "The evm plugin is not installed: add evm() to the kit's plugins" });
