// The Mobile Wallet Adapter's state and sessions for one kit: readiness, the session state, the
// cached authorization, the remote association URL and the modal to show. Every call is one
// session started from the user's gesture: authorize (with the cached auth_token: a reauthorization),
// then the request. The wallet-standard face is in standard-wallet.ts.
import { UserRejectedError } from "../../lib/wallets/index";
import { AuthorizationCache, type CachedAuthorization } from "./authorization-cache";
import { SOLANA_CLONE_AUTHORIZATION, supportsFeature, toCapabilities, type MobileWalletCapabilities } from "./capabilities";
import { associationKind, isChrome, mobileReadyState, type AssociationKind, type MobileReadyState } from "./environment";
import { MOBILE_WALLET_ERROR_CODES as CODES, MOBILE_WALLET_PROTOCOL_CODES, MobileWalletError, MobileWalletFeatureError, MobileWalletProtocolError } from "./errors";
import { MobileWalletModalError, toModalError } from "./modal-error";
import { runMobileSession, type MobileSessionState, type MwaWallet } from "./session";
import { mobileWalletStrings as t } from "./strings";
import type { SignInPayload } from "./transport/wallet-api";

/** The mobile wallet's state: readiness, session, association, authorization, capabilities and modal error. */
export interface MobileWalletState {
  readyState: MobileReadyState;
  connecting: boolean;
  connected: boolean;
  session: MobileSessionState;
  /** How sessions associate here: local (Android), remote (a reflector, QR code), or null (not offered). */
  association: AssociationKind | null;
  /** Remote association: the URL the QR code carries, while the wallet has not joined. */
  associationUrl: string | null;
  /** The failure the modal shows until dismissed. */
  modalError: MobileWalletModalError | null;
  /** Base58-free view of the authorized accounts (base64 public keys, as the wallet sent them). */
  authorization: CachedAuthorization | null;
  /** What the wallet said it can do (getCapabilities()), until disconnect; null when not fetched. */
  capabilities: MobileWalletCapabilities | null;
}

/** How the app introduces itself to the wallet: name, URI and icon. */
export interface AppIdentity {
  name?: string;
  uri?: string;
  icon?: string;
}

export interface MobileWalletSettings {
  appIdentity: AppIdentity;
  chain: `solana:${string}`;
  cacheKey: string;
  remoteHostAuthority?: string | undefined;
}

export type AuthorizedSession = { wallet: MwaWallet; authorization: CachedAuthorization & { sign_in_result?: unknown } };

/** The mobile wallet of one kit: its sessions, authorization and state. */
export class MobileWallet {
  private state: MobileWalletState;
  private readonly listeners = new Set<() => void>();
  private readonly cache: AuthorizationCache;
  private remoteCancel: AbortController | null = null;
  private busy = false;
  private readonly modalHosts: number[] = [];
  private nextHostId = 1;

  constructor(
    readonly settings: MobileWalletSettings,
    private readonly ua: string = typeof navigator === "undefined" ? "" : navigator.userAgent,
  ) {
    this.cache = new AuthorizationCache(settings.cacheKey);
    const cached = this.cache.read();
    const remote = Boolean(settings.remoteHostAuthority);
    const readyState = mobileReadyState(ua, remote);
    this.state = {
      readyState: readyState === "Loadable" && cached ? "Installed" : readyState,
      connecting: false,
      connected: false,
      session: "disconnected",
      association: associationKind(ua, remote),
      associationUrl: null,
      modalError: null,
      authorization: cached,
      capabilities: null,
    };
  }

  /** The current state. */
  getState = (): MobileWalletState => this.state;
  /** Calls the listener on each state change; returns a function that stops. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  private set(next: Partial<MobileWalletState>) {
    this.state = { ...this.state, ...next };
    for (const listener of [...this.listeners]) listener();
  }

  /** The QR modal's Cancel: ends a remote association the wallet has not joined. */
  cancelAssociation = (): void => this.remoteCancel?.abort(new UserRejectedError());
  /** Dismisses the error modal. */
  dismissModal = (): void => this.set({ modalError: null });

  /**
   * A component that can draw the modals says it is mounted; the newest one draws them (the dialog's
   * above the app's). When the last one goes while a QR code waits, nobody can scan it: cancelled.
   */
  claimModalHost(): {
    /** Whether this host draws the modals now (it is the newest). */
    isActive: () => boolean;
    /** The host is gone (unmounted). */
    release: () => void;
  } {
    const id = this.nextHostId++;
    this.modalHosts.push(id);
    this.set({});
    return {
      isActive: () => this.modalHosts.at(-1) === id,
      release: () => {
        this.modalHosts.splice(this.modalHosts.indexOf(id), 1);
        if (this.modalHosts.length === 0 && this.state.associationUrl) this.cancelAssociation();
        this.set({});
      },
    };
  }

  /** One session: association, authorize (reauthorize with the cached token), then `run`. */
  session<T>(run: (session: AuthorizedSession) => Promise<T>, options: { connect?: boolean; signIn?: SignInPayload } = {}): Promise<T> {
    return this.withModal(() => this.open(async (wallet) => run({ wallet, authorization: await this.authorize(wallet, options.signIn) })), options.connect);
  }

  /**
   * The wallet's capabilities, in a session of their own (a hand-off: call it from a user gesture).
   * `get_capabilities` needs no authorization. Kept until disconnect; signing then refuses requests
   * over the wallet's maximum without a hand-off.
   */
  getCapabilities(): Promise<MobileWalletCapabilities> {
    return this.withModal(() => this.open((wallet) => this.fetchCapabilities(wallet)));
  }

  /**
   * `clone_authorization` (optional feature solana:cloneAuthorization): a second auth token for the
   * same authorization, e.g. for another app component. One session: authorize, then — unless the
   * capabilities are known already — get_capabilities, then the clone. Refused without a hand-off
   * when known capabilities lack the feature.
   */
  async cloneAuthorization(): Promise<string> {
    if (this.state.capabilities && !supportsFeature(this.state.capabilities, SOLANA_CLONE_AUTHORIZATION)) throw new MobileWalletFeatureError(SOLANA_CLONE_AUTHORIZATION, t.cloneUnsupported);
    return this.session(async ({ wallet, authorization }) => {
      const capabilities = this.state.capabilities ?? (await this.fetchCapabilities(wallet));
      if (!supportsFeature(capabilities, SOLANA_CLONE_AUTHORIZATION)) throw new MobileWalletFeatureError(SOLANA_CLONE_AUTHORIZATION, t.cloneUnsupported);
      return (await wallet.cloneAuthorization({ auth_token: authorization.auth_token })).auth_token;
    });
  }

  /**
   * Revokes the cached auth token in the wallet (`deauthorize`, a session: call it from a user
   * gesture), then forgets it as disconnect does. Nothing cached: only forgets, no hand-off. A failed
   * session keeps the cache (retry, or disconnect to forget it locally).
   */
  async deauthorize(): Promise<void> {
    const cached = this.cache.read();
    if (cached) {
      await this.withModal(() => this.open((wallet) => wallet.deauthorize({ auth_token: cached.auth_token })));
    }
    this.forget();
  }

  private async fetchCapabilities(wallet: MwaWallet): Promise<MobileWalletCapabilities> {
    const capabilities = toCapabilities(await wallet.getCapabilities());
    this.set({ capabilities });
    return capabilities;
  }

  /** Clears the previous failure; a failure becomes the modal's unless the user cancelled. */
  private async withModal<T>(start: () => Promise<T>, connect = false): Promise<T> {
    this.set({ modalError: null, ...(connect ? { connecting: true } : {}) });
    try {
      return await start();
    } catch (thrown) {
      const error = toModalError(thrown, t);
      if (error instanceof MobileWalletModalError) this.set({ modalError: error });
      throw error;
    } finally {
      if (connect) this.set({ connecting: false });
    }
  }

  /** One association; local ones go to the wallet's own https base when its authorization named one. */
  private async open<T>(run: (wallet: MwaWallet) => Promise<T>): Promise<T> {
    const kind = this.state.association;
    if (!kind || (kind === "local" && !isChrome(this.ua))) {
      throw new MobileWalletError(CODES.browserNotSupported, "This browser cannot open a mobile wallet session.");
    }
    if (this.busy) throw new MobileWalletError(CODES.sessionClosed, t.sessionBusy);
    this.busy = true;
    const cancel = kind === "remote" ? new AbortController() : null;
    this.remoteCancel = cancel;
    try {
      return await runMobileSession(
        {
          kind,
          remoteHostAuthority: this.settings.remoteHostAuthority,
          baseUri: kind === "local" ? this.cache.read()?.wallet_uri_base : undefined,
          onState: (session) => this.set({ session }),
          onAssociationUrl: (associationUrl) => {
            this.set({ associationUrl });
            if (associationUrl && this.modalHosts.length === 0) {
              cancel?.abort(new MobileWalletError(CODES.sessionClosed, "Remote association needs <MobileWalletModals /> mounted to show its QR code."));
            }
          },
          ...(cancel ? { signal: cancel.signal } : {}),
        },
        run,
      );
    } finally {
      this.busy = false;
      if (this.remoteCancel === cancel) this.remoteCancel = null;
    }
  }

  private async authorize(wallet: MwaWallet, signIn?: SignInPayload) {
    const cached = this.cache.read();
    try {
      const result = await wallet.authorize({
        identity: this.settings.appIdentity,
        chain: this.settings.chain,
        ...(cached ? { auth_token: cached.auth_token } : {}),
        ...(signIn ? { sign_in_payload: signIn } : {}),
      });
      // The transport already refused a non-https wallet_uri_base (ERROR_FORBIDDEN_WALLET_BASE_URL).
      const authorization: CachedAuthorization = {
        auth_token: result.auth_token,
        accounts: result.accounts.map((a) => ({ address: a.address, ...(a.label ? { label: a.label } : {}) })),
        ...(result.wallet_uri_base ? { wallet_uri_base: result.wallet_uri_base } : {}),
      };
      this.cache.write(authorization);
      this.set({ authorization, readyState: "Installed", connected: true });
      return { ...authorization, ...(result.sign_in_result ? { sign_in_result: result.sign_in_result } : {}) };
    } catch (error) {
      // A token the wallet no longer honours is dropped: the next session asks afresh.
      if (cached && error instanceof MobileWalletProtocolError && error.code === MOBILE_WALLET_PROTOCOL_CODES.authorizationFailed) this.forget();
      throw error;
    }
  }

  /**
   * A silent connect (the solana plugin's reconnect on load): the cached authorization, if any, is
   * the connection; no session is opened, since a session hands the user off to the wallet app and
   * nobody tapped anything. Returns whether there was one.
   */
  restoreCachedAuthorization(): boolean {
    const authorization = this.cache.read();
    if (!authorization || authorization.accounts.length === 0) {
      this.set({ authorization, connected: false });
      return false;
    }
    this.set({ authorization, readyState: "Installed", connected: true });
    return true;
  }

  /**
   * Forgets the authorization (and the wallet's capabilities: the next wallet may be another app).
   * `deauthorize` is not sent: that needs a session, i.e. a hand-off; see deauthorize().
   */
  forget(): void {
    this.cache.clear();
    this.set({ authorization: null, connected: false, capabilities: null });
  }
}
