// The Solana external wallets of one kit, on wallet-standard: discovery (`@wallet-standard/app`),
// the connect flow behind eoa_connect (chain svm), the EOA user, signing through the wallet.
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from "@wallet-standard/features";
import {
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from "@solana/wallet-standard-features";
import { INJECTED_WALLET_LATE_DETECT_MS, LatchError, type Kit, type User } from "latch-kit";
import {
  UserRejectedError,
  WalletNotConnectedError,
  toWalletError,
  walletSources,
  type SolanaWalletInfo,
  type WalletEntry,
} from "../../lib/wallets/index";
import type { ResolvedSolanaConfig } from "./config";
import {
  WalletAccountError,
  WalletConnectionError,
  WalletDisconnectionError,
  WalletNotReadyError,
  WalletSignMessageError,
  WalletSignTransactionError,
  WalletTimeoutError,
} from "./errors";
import { rememberedWallet } from "./remembered-wallet";
import { solanaWalletStrings as t } from "./strings";

/** The wallet source id of Solana wallets. */
export const SVM_SOURCE_ID = "svm";

/** A Solana wallet as listed: the spec's adapter (name, icon) and readyState, plus where it came from. */
export interface SolanaWalletAdapter extends SolanaWalletInfo {
  /** The wallet-standard wallet, when installed. */
  wallet?: Wallet;
  /** The wallet's site (known wallets), opened when it is not ready. */
  url?: string;
}

/** The external Solana wallet's connection status. */
export type SolanaWalletStatus = "disconnected" | "connecting" | "reconnecting" | "connected" | "disconnecting";

/** The connected wallet and the account the kit uses. */
export interface SolanaWalletSession {
  wallet: Wallet;
  account: WalletAccount;
}

/** How long a silent reconnect may take before the kit starts disconnected (a wallet could ask the user). */
export const SILENT_CONNECT_TIMEOUT_MS = 3000;

/** The Solana wallet connection: status, the wallet's base58 public key, the wallet's name. */
export interface SolanaWalletConnection {
  status: SolanaWalletStatus;
  publicKey?: string;
  walletName?: string;
}

const DISCONNECTED: SolanaWalletConnection = { status: "disconnected" };

/**
 * The Solana wallet user: an EOA whose address, orgId, userId and solanaAddress are all the
 * wallet's base58 public key (`address` is typed for EVM hex; here it holds the base58 key).
 */
export function solanaEoaUser(publicKey: string): User {
  return { type: "eoa", address: publicKey as `0x${string}`, orgId: publicKey, userId: publicKey, solanaAddress: publicKey };
}

/** Wallets this plugin can use: some `solana:*` chain and `standard:connect`. */
export function isSolanaStandardWallet(wallet: Wallet): boolean {
  return wallet.chains.some((c) => c.startsWith("solana:")) && StandardConnect in wallet.features;
}

/** Installed wallets first as reported; known (configured) wallets that are absent as NotDetected. */
export function solanaAdapters(wallets: readonly Wallet[], known: ResolvedSolanaConfig["wallets"]): SolanaWalletAdapter[] {
  const installed: SolanaWalletAdapter[] = wallets.filter(isSolanaStandardWallet).map((wallet) => ({
    name: wallet.name,
    icon: wallet.icon,
    readyState: "Installed",
    wallet,
  }));
  const absent: SolanaWalletAdapter[] = known.map((k) => ({ name: k.name, readyState: "NotDetected", url: k.url, ...(k.icon ? { icon: k.icon } : {}) }));
  // Both are reported; the list rules (svmEntries) keep the Installed one of a duplicate name.
  return [...absent, ...installed];
}

export class SolanaWallets {
  private adapters: readonly SolanaWalletAdapter[] = [];
  private connection: SolanaWalletConnection = DISCONNECTED;
  private selected: SolanaWalletSession | null = null;
  private readonly remembered: ReturnType<typeof rememberedWallet>;
  private readonly listeners = new Set<() => void>();
  private readonly teardowns: Array<() => void> = [];
  private offWalletEvents: (() => void) | null = null;
  private attempt = 0;
  private started = false;

  constructor(
    private readonly kit: Kit,
    readonly settings: ResolvedSolanaConfig,
  ) {
    this.adapters = solanaAdapters([], settings.wallets);
    this.remembered = rememberedWallet(kit);
  }

  /** Discovery starts on first client-side use (never on the server). */
  start() {
    if (this.started || typeof window === "undefined") return;
    this.started = true;
    const api = getWallets();
    const sync = () => {
      this.adapters = solanaAdapters(api.get(), this.settings.wallets);
      this.notify();
    };
    this.teardowns.push(api.on("register", sync), api.on("unregister", sync));
    sync();
  }

  getAdapters = (): readonly SolanaWalletAdapter[] => {
    this.start();
    return this.adapters;
  };
  getConnection = (): SolanaWalletConnection => this.connection;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }

  private setConnection(next: SolanaWalletConnection) {
    this.connection = next;
    this.notify();
  }

  private adapterOf(entry: WalletEntry): SolanaWalletAdapter | undefined {
    const same = this.getAdapters().filter((a) => a.name.toLowerCase() === entry.id.toLowerCase());
    return same.find((a) => a.readyState === "Installed") ?? same[0];
  }

  // --- connect flow -------------------------------------------------------

  /**
   * Choosing a wallet: any current wallet is disconnected, the chosen one selected, the flow moves to
   * eoa_connect for svm, and to complete once the wallet's public key exists. A wallet that is not
   * ready cannot connect: the error is logged and its site opens in a new tab (still in the gesture).
   */
  connect(entry: WalletEntry): Promise<void> {
    const attempt = ++this.attempt;
    const step = { type: "eoa_connect" as const, chain: "svm" as const, wallet: entry };
    const adapter = this.adapterOf(entry);
    if (!adapter?.wallet || adapter.readyState !== "Installed") {
      const error = new WalletNotReadyError();
      console.error(error, error.message);
      if (adapter?.url && typeof window !== "undefined") window.open(adapter.url, "_blank");
      this.kit.setStep({ ...step, error });
      return Promise.resolve();
    }
    const off = this.kit.events.on("stepChanged", (next) => {
      if (next.type === "eoa_connect" || next.type === "complete") return;
      off();
      if (attempt === this.attempt) this.cancel();
    });
    const run = async () => {
      await Promise.all(walletSources(this.kit).map((s) => s.disconnect()));
      if (attempt !== this.attempt) throw new UserRejectedError();
      this.kit.setStep(step);
      this.setConnection({ status: "connecting", walletName: adapter.name });
      return this.connectWallet(adapter.wallet!, attempt);
    };
    return run().then(
      (publicKey) => {
        off();
        if (attempt !== this.attempt) return;
        this.remembered.write(adapter.name);
        this.kit.setUser(solanaEoaUser(publicKey));
        this.kit.setStatus("CONNECTED");
        if (this.kit.getStep().type !== "complete") this.kit.setStep({ type: "complete" });
      },
      (thrown) => {
        off();
        if (attempt !== this.attempt) return;
        this.setConnection(DISCONNECTED);
        const error = toWalletError(thrown);
        // A wallet error is logged (a refusal is the user's choice, not an error).
        if (!(error instanceof UserRejectedError)) console.error(error, error.message);
        this.kit.setStep({ ...step, error: error instanceof LatchError ? error : new WalletConnectionError(error.message, { cause: thrown }) });
      },
    );
  }

  /** `standard:connect`, then the first account with a Solana chain; returns its base58 public key. */
  private async connectWallet(wallet: Wallet, attempt: number): Promise<string> {
    const connect = (wallet.features as StandardConnectFeature)[StandardConnect].connect;
    const { accounts } = await connect();
    const account = solanaAccountOf(accounts) ?? accounts[0];
    if (attempt !== this.attempt) {
      // Cancelled while the wallet was asking: a late approval signs nobody in.
      void this.disconnectStandard(wallet);
      throw new UserRejectedError();
    }
    if (!account) throw new WalletAccountError(t.noAccount);
    this.select(wallet, account);
    return account.address;
  }

  private select(wallet: Wallet, account: WalletAccount) {
    this.selected = { wallet, account };
    this.watch(wallet);
    this.setConnection({ status: "connected", publicKey: account.address, walletName: wallet.name });
  }

  // --- reconnect on load -----------------------------------------------------------------------

  /**
   * Reconnect on load, without a dialog: the remembered wallet (waited for briefly: it may register
   * after the kit starts) is asked `standard:connect` with `silent: true`. No account, an error or
   * no answer in time forgets it and the kit starts disconnected. Always settles.
   */
  async reconnect(): Promise<void> {
    this.start();
    const name = this.remembered.read();
    if (!name || typeof window === "undefined") return;
    const attempt = ++this.attempt;
    const adapter = await this.waitForInstalled(name, INJECTED_WALLET_LATE_DETECT_MS);
    if (attempt !== this.attempt || !adapter?.wallet) return; // superseded, or not installed (yet): stays remembered
    const wallet = adapter.wallet;
    this.setConnection({ status: "reconnecting", walletName: wallet.name });
    let account: WalletAccount | undefined;
    try {
      const connect = (wallet.features as StandardConnectFeature)[StandardConnect].connect;
      const { accounts } = await withTimeout(connect({ silent: true }), SILENT_CONNECT_TIMEOUT_MS);
      account = solanaAccountOf(accounts);
    } catch (error) {
      // Not an error to show: the wallet just does not reconnect without asking.
      console.warn(`[latch] ${wallet.name} did not reconnect silently`, toWalletError(error).message);
    }
    if (attempt !== this.attempt) return;
    const user = this.kit.getUser();
    if (!account || (user && !isSolanaUser(user))) {
      // An embedded session owns the kit when it has a non-wallet user: the wallet stays remembered.
      if (!account) this.remembered.forget();
      this.setConnection(DISCONNECTED);
      return;
    }
    this.select(wallet, account);
    this.kit.setUser(solanaEoaUser(account.address));
    this.kit.setStatus("CONNECTED");
  }

  /** The installed wallet of that name, waiting up to `ms` for it to register. */
  private waitForInstalled(name: string, ms: number): Promise<SolanaWalletAdapter | undefined> {
    const find = () => this.adapters.find((a) => a.wallet && a.name.toLowerCase() === name.toLowerCase());
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        resolve(find());
      };
      const timer = setTimeout(done, ms);
      const off = this.subscribe(() => void (find() && done()));
    });
  }

  /** The wallet changed under us: accounts gone signs the user out, another account follows. */
  private watch(wallet: Wallet) {
    this.offWalletEvents?.();
    this.offWalletEvents = null;
    const events = (wallet.features as Partial<StandardEventsFeature>)[StandardEvents];
    if (!events) return;
    this.offWalletEvents = events.on("change", ({ accounts }) => {
      if (!accounts || this.selected?.wallet !== wallet) return;
      const account = solanaAccountOf(accounts);
      const user = this.kit.getUser();
      if (!account) {
        this.forget();
        this.remembered.forget();
        if (user && isSolanaUser(user)) {
          this.kit.setUser(null);
          this.kit.setStatus("DISCONNECTED");
        }
      } else if (account.address !== this.selected.account.address) {
        this.selected = { wallet, account };
        this.setConnection({ status: "connected", publicKey: account.address, walletName: wallet.name });
        if (user && isSolanaUser(user)) this.kit.setUser(solanaEoaUser(account.address));
      }
    });
  }

  /** Cancel: a pending connection no longer signs anyone in. */
  cancel() {
    this.attempt++;
    if (this.connection.status === "connecting") this.setConnection(DISCONNECTED);
  }

  private async disconnectStandard(wallet: Wallet) {
    const feature = (wallet.features as Partial<StandardDisconnectFeature>)[StandardDisconnect];
    try {
      await feature?.disconnect();
    } catch (error) {
      const e = new WalletDisconnectionError(undefined, { cause: error });
      console.error(e, e.message);
    }
  }

  private forget() {
    this.offWalletEvents?.();
    this.offWalletEvents = null;
    this.selected = null;
    this.setConnection(DISCONNECTED);
  }

  /** Ends the wallet connection, if any, and forgets the wallet (no reconnect on reload); always settles. */
  async disconnectWallet(): Promise<void> {
    this.remembered.forget();
    const selected = this.selected;
    if (!selected) return;
    // A wallet may also be disconnecting, while the wallet is told (nothing signs meanwhile).
    this.offWalletEvents?.();
    this.offWalletEvents = null;
    this.setConnection({ status: "disconnecting", walletName: selected.wallet.name });
    await this.disconnectStandard(selected.wallet);
    // A wallet chosen meanwhile keeps its connection.
    if (this.selected === selected) this.forget();
  }

  /** Logout. */
  async disconnect(): Promise<void> {
    this.attempt++;
    await this.disconnectWallet();
  }

  // --- signing ---------------------------------------------------------------------------------

  /** The connected wallet and account; throws WalletNotConnectedError without one. */
  requireSelected(): SolanaWalletSession {
    if (!this.selected || this.connection.status !== "connected") throw new WalletNotConnectedError();
    return this.selected;
  }

  /** Whether the connected wallet has `solana:signMessage`. */
  canSignMessages(): boolean {
    return !!this.selected && SolanaSignMessage in this.selected.wallet.features;
  }

  /** `solana:signMessage`: an ed25519 signature (64 bytes) over the message (a string is signed as UTF-8). */
  async signMessage(message: Uint8Array | string): Promise<Uint8Array> {
    const { wallet, account } = this.requireSelected();
    const feature = (wallet.features as Partial<SolanaSignMessageFeature>)[SolanaSignMessage];
    if (!feature) throw new WalletSignMessageError(t.signMessageUnsupported);
    const bytes = typeof message === "string" ? new TextEncoder().encode(message) : message;
    try {
      const [output] = await feature.signMessage({ account, message: bytes });
      if (!output) throw new WalletSignMessageError();
      return output.signature;
    } catch (error) {
      throw signingError(error, WalletSignMessageError);
    }
  }

  /**
   * `solana:signTransaction` on wire bytes (legacy or version 0, refused when the wallet does not
   * list that version); returns the signed wire bytes.
   */
  async signTransactionBytes(transaction: Uint8Array): Promise<Uint8Array> {
    const { wallet, account } = this.requireSelected();
    const feature = (wallet.features as Partial<SolanaSignTransactionFeature>)[SolanaSignTransaction];
    if (!feature) throw new WalletSignTransactionError(t.signingUnsupported);
    const version = wireVersion(transaction);
    if (!feature.supportedTransactionVersions.includes(version)) throw new WalletSignTransactionError(t.versionUnsupported);
    const chain = chainFor(account, this.settings.chain);
    try {
      const [output] = await feature.signTransaction({ account, transaction, ...(chain ? { chain } : {}) });
      if (!output) throw new WalletSignTransactionError();
      return output.signedTransaction;
    } catch (error) {
      throw signingError(error, WalletSignTransactionError);
    }
  }

  destroy() {
    for (const teardown of this.teardowns.splice(0)) teardown();
    this.offWalletEvents?.();
    this.listeners.clear();
  }
}

/** The first account with a Solana chain. */
export function solanaAccountOf(accounts: readonly WalletAccount[]): WalletAccount | undefined {
  return accounts.find((a) => a.chains.some((c) => c.startsWith("solana:")));
}

/** The configured chain when the account has it, else the account's first Solana chain. */
export function chainFor(account: WalletAccount, configured: `solana:${string}`): `solana:${string}` | undefined {
  if (account.chains.includes(configured)) return configured;
  return account.chains.find((c) => c.startsWith("solana:")) as `solana:${string}` | undefined;
}

/** A user this plugin signed in (the wallet's key is the Solana address of an EOA user). */
const isSolanaUser = (user: User) => user.type === "eoa" && !!user.solanaAddress;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new WalletTimeoutError()), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

export function signingError(error: unknown, Kind: new (message?: string, options?: { cause?: unknown }) => Error): Error {
  const e = toWalletError(error);
  if (e instanceof LatchError) return e;
  return new Kind(e.message, { cause: error });
}

/** The version of a wire transaction: after the compact-u16 signature count and the signatures, the message's first byte. */
export function wireVersion(wire: Uint8Array): "legacy" | 0 {
  let count = 0;
  let shift = 0;
  let offset = 0;
  for (;;) {
    const byte = wire[offset++] ?? 0;
    count |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) break;
    shift += 7;
  }
  const first = wire[offset + count * 64] ?? 0;
  if ((first & 0x80) === 0) return "legacy";
  const version = first & 0x7f;
  if (version !== 0) throw new WalletSignTransactionError(t.versionUnsupported);
  return 0;
}
