// The Mobile Wallet Adapter as a wallet-standard wallet: registered through `@wallet-standard/app` on
// Android (not in webviews), so the solana plugin lists it and runs its connect flow. Every call is
// one session (association hand-off → authorize with the cached token → the request), started from
// the user's gesture. The authorization is cached in local storage and cleared on disconnect.
import { getBase58Decoder } from "@solana/kit";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { LatchError } from "latch-kit";
import { format } from "latch-kit/react";
import { MOBILE_WALLET_ERROR_CODES as CODES, MobileWalletError } from "./errors";
import { base64ToBytes, bytesToBase64, openSession, type MobileSession, type MobileSessionState, type OpenSessionOptions } from "./protocol";
import { mobileWalletStrings as t } from "./strings";

export type MobileReadyState = "Unsupported" | "Loadable" | "Installed";

export interface MobileWalletState {
  readyState: MobileReadyState;
  connecting: boolean;
  connected: boolean;
  session: MobileSessionState;
}

export interface AppIdentity {
  name?: string;
  uri?: string;
  icon?: string;
}

export interface MobileWalletSettings {
  appIdentity: AppIdentity;
  chain: `solana:${string}`;
  cacheKey: string;
  /** Test seam: how the association URL is opened. */
  navigate?: OpenSessionOptions["navigate"];
}

interface Authorization {
  auth_token: string;
  accounts: Array<{ address: string; label?: string }>;
}

/** The modal texts of spec §8, as the error the wallet error view shows. */
export class MobileWalletModalError extends LatchError {
  override name = "MobileWalletModalError";
}

export function isAndroid(ua: string): boolean {
  return /android/i.test(ua);
}
export function isWebView(ua: string): boolean {
  return /(WebView|Version\/.+(Chrome)\/(\d+)\.(\d+)\.(\d+)\.(\d+)|; wv\).+(Chrome)\/(\d+)\.(\d+)\.(\d+)\.(\d+))/i.test(ua);
}
export function isChrome(ua: string): boolean {
  return /Chrome\/\d/.test(ua) && !/(Firefox|FxiOS|SamsungBrowser|OPR|EdgA)\//.test(ua);
}

/** Loadable on Android browsers outside webviews (Chrome hands off; others get the unsupported-browser modal); Unsupported elsewhere. */
export function mobileReadyState(ua: string): MobileReadyState {
  return isAndroid(ua) && !isWebView(ua) ? "Loadable" : "Unsupported";
}

export function toModalError(error: unknown): Error {
  if (error instanceof MobileWalletError) {
    if (error.code === CODES.walletNotFound) return new MobileWalletModalError(t.notFound, { cause: error });
    if (error.code === CODES.browserNotSupported) return new MobileWalletModalError(t.browserUnsupported, { cause: error });
  }
  if (error instanceof LatchError && error.name !== "MobileWalletError") return error;
  return new MobileWalletModalError(format(t.unexpected, { message: error instanceof Error ? error.message : String(error) }), { cause: error });
}

const ICON =
  "data:image/svg+xml;base64," +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#14F195"/><path d="M9 7h10v14H9z" fill="none" stroke="#000" stroke-width="2"/></svg>');

export class MobileWallet {
  private state: MobileWalletState;
  private readonly listeners = new Set<() => void>();
  private accounts: WalletAccount[] = [];
  private readonly changeListeners = new Set<(p: { accounts: readonly WalletAccount[] }) => void>();
  readonly wallet: Wallet;

  constructor(
    private readonly settings: MobileWalletSettings,
    private readonly ua: string = typeof navigator === "undefined" ? "" : navigator.userAgent,
  ) {
    this.state = { readyState: mobileReadyState(ua), connecting: false, connected: false, session: "disconnected" };
    this.wallet = this.standardWallet();
  }

  getState = () => this.state;
  subscribe = (l: () => void) => (this.listeners.add(l), () => void this.listeners.delete(l));
  private set(next: Partial<MobileWalletState>) {
    this.state = { ...this.state, ...next };
    for (const l of [...this.listeners]) l();
  }

  // --- authorization cache ---------------------------------------------------------------------
  private readCache(): Authorization | null {
    try {
      const raw = localStorage.getItem(this.settings.cacheKey);
      return raw ? (JSON.parse(raw) as Authorization) : null;
    } catch {
      return null;
    }
  }
  private writeCache(auth: Authorization | null) {
    try {
      if (auth) localStorage.setItem(this.settings.cacheKey, JSON.stringify(auth));
      else localStorage.removeItem(this.settings.cacheKey);
    } catch {
      /* storage blocked: no cache */
    }
  }

  /** One session: hand-off, authorize (reusing the cached token), then `run`. */
  private async transact<T>(run: (session: MobileSession, auth: Authorization) => Promise<T>): Promise<T> {
    if (!isChrome(this.ua)) throw toModalError(new MobileWalletError(CODES.browserNotSupported, "Browser not supported"));
    let session: MobileSession | null = null;
    try {
      session = await openSession({ onState: (s) => this.set({ session: s }), ...(this.settings.navigate ? { navigate: this.settings.navigate } : {}) });
      const cached = this.readCache();
      const auth = await session.request<Authorization>("authorize", {
        identity: this.settings.appIdentity,
        chain: this.settings.chain,
        ...(cached ? { auth_token: cached.auth_token } : {}),
      });
      this.writeCache(auth);
      this.setAccounts(auth);
      return await run(session, auth);
    } catch (error) {
      throw toModalError(error);
    } finally {
      session?.close();
    }
  }

  private setAccounts(auth: Authorization) {
    const decoder = getBase58Decoder();
    this.accounts = auth.accounts.map((a) => {
      const publicKey = base64ToBytes(a.address);
      return { address: decoder.decode(publicKey), publicKey, chains: [this.settings.chain], features: ["solana:signMessage", "solana:signTransaction"], ...(a.label ? { label: a.label } : {}) };
    });
  }

  private account(address: string) {
    const account = this.accounts.find((a) => a.address === address);
    if (!account) throw new MobileWalletModalError(format(t.unexpected, { message: "unknown account" }));
    return account;
  }

  private standardWallet(): Wallet {
    const self = this;
    const chains = [this.settings.chain] as const;
    return {
      version: "1.0.0",
      name: t.walletName,
      icon: ICON as Wallet["icon"],
      chains,
      get accounts() {
        return self.accounts;
      },
      features: {
        "standard:connect": {
          version: "1.0.0",
          connect: async () => {
            self.set({ connecting: true });
            try {
              await self.transact(async () => undefined);
              self.set({ connected: true });
              return { accounts: self.accounts };
            } finally {
              self.set({ connecting: false });
            }
          },
        },
        "standard:disconnect": {
          version: "1.0.0",
          disconnect: async () => {
            self.writeCache(null);
            self.accounts = [];
            self.set({ connected: false });
            for (const l of self.changeListeners) l({ accounts: [] });
          },
        },
        "standard:events": {
          version: "1.0.0",
          on: (_event: "change", listener: (p: { accounts: readonly WalletAccount[] }) => void) => {
            self.changeListeners.add(listener);
            return () => void self.changeListeners.delete(listener);
          },
        },
        "solana:signMessage": {
          version: "1.0.0",
          signMessage: (...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) =>
            self.transact(async (session) => {
              const { signed_payloads } = await session.request<{ signed_payloads: string[] }>("sign_messages", {
                addresses: inputs.map((i) => bytesToBase64(self.account(i.account.address).publicKey as Uint8Array)),
                payloads: inputs.map((i) => bytesToBase64(i.message)),
              });
              return signed_payloads.map((p, n) => ({ signedMessage: inputs[n]!.message, signature: base64ToBytes(p).slice(-64) }));
            }),
        },
        "solana:signTransaction": {
          version: "1.0.0",
          supportedTransactionVersions: ["legacy", 0],
          signTransaction: (...inputs: Array<{ transaction: Uint8Array }>) =>
            self.transact(async (session) => {
              const { signed_payloads } = await session.request<{ signed_payloads: string[] }>("sign_transactions", {
                payloads: inputs.map((i) => bytesToBase64(i.transaction)),
              });
              return signed_payloads.map((p) => ({ signedTransaction: base64ToBytes(p) }));
            }),
        },
      },
    } as Wallet;
  }
}
