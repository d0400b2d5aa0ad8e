// The EVM wallet of one kit, on @wagmi/core: EIP-6963 discovery, the connect flow behind
// eoa_connect / wallet_connect, reconnect on load, chain switching, and the EOA user.
import {
  connect as wagmiConnect,
  createConfig,
  createStorage,
  disconnect as wagmiDisconnect,
  reconnect as wagmiReconnect,
  switchChain as wagmiSwitchChain,
  type Config,
  type Connection,
  type Connector,
  type CreateConnectorFn,
} from "@wagmi/core";
import { http, type Address, type Chain, type Transport } from "viem";
import { INJECTED_WALLET_LATE_DETECT_MS, WALLET_POLLING_INTERVAL_MS, type Kit, type User } from "latch-kit";
import {
  ChainNotConfiguredError,
  EVM_CONNECTOR,
  UnsupportedNetworkError,
  UserRejectedError,
  WalletNotFoundError,
  toWalletError,
  type ConnectOptions,
  type EvmConnectorInfo,
  type WalletEntry,
} from "../../lib/wallets/index";
import { LATCH_CONNECTOR_TYPE } from "../../lib/wallets/embedded-connector";
import { appWagmiConfig, type ResolvedEvmConfig } from "./config";

/** The external wallet's connection status. */
export type WalletConnectionStatus = "disconnected" | "connecting" | "reconnecting" | "connected";

/** The external wallet's connection. */
export interface WalletConnection {
  status: WalletConnectionStatus;
  address?: Address;
  chainId?: number;
  connector?: EvmConnectorInfo;
}

export type ConnectStepType = "eoa_connect" | "wallet_connect";

const DISCONNECTED: WalletConnection = { status: "disconnected" };

/** The external wallet user: address, orgId and userId all the wallet address. */
export function eoaUser(address: Address): User {
  return { type: "eoa", address, orgId: address, userId: address };
}

const infoOf = (c: Pick<Connector, "id" | "name" | "icon" | "type">): EvmConnectorInfo => ({
  id: c.id,
  name: c.name,
  type: c.type,
  ...(c.icon ? { icon: c.icon } : {}),
});

/** latch-kit/wagmi's connector is the embedded Latch user, not an external wallet. */
const isExternalWallet = (c: Pick<Connector, "type">) => c.type !== LATCH_CONNECTOR_TYPE;

function safeStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

export class EvmWallet {
  private wagmi: Config | null = null;
  private connection: WalletConnection = DISCONNECTED;
  private connectorList: readonly EvmConnectorInfo[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly teardowns: Array<() => void> = [];
  private attempt = 0;
  private reconnecting: Promise<void> | null = null;
  /** A connect started from the Latch dialog is under way: it signs the user in itself. */
  private connecting = false;

  constructor(
    private readonly kit: Kit,
    private readonly settings: ResolvedEvmConfig,
  ) {}

  /** The app's chains: the plugin's, else those of the app's wagmi config. */
  get chains(): readonly [Chain, ...Chain[]] {
    return this.settings.chains ?? appWagmiConfig(this.settings)!.chains;
  }

  /** The app's wagmi config was given: wagmi's connection is shared with the app. */
  private get shared(): boolean {
    return this.settings.wagmiConfig !== undefined;
  }

  /** The wagmi config (the app's, or one created on first client-side use; never on the server). */
  config(): Config | null {
    if (this.wagmi) return this.wagmi;
    if (typeof window === "undefined") return null;
    const connectors = this.kit.container.all(EVM_CONNECTOR) as CreateConnectorFn[];
    const app = appWagmiConfig(this.settings);
    const wagmi = app ? withConnectors(app, connectors) : this.ownConfig(connectors);
    this.wagmi = wagmi;
    this.syncConnectors();
    this.syncConnection();
    this.teardowns.push(
      wagmi._internal.connectors.subscribe(() => this.syncConnectors()),
      wagmi.subscribe(
        (state) => state,
        () => this.syncConnection(),
      ),
    );
    return wagmi;
  }

  private ownConfig(connectors: CreateConnectorFn[]): Config {
    const transports: Record<number, Transport> = {};
    for (const chain of this.chains) transports[chain.id] = this.settings.transports?.[chain.id] ?? http();
    const storage = safeStorage();
    return createConfig({
      chains: this.chains,
      transports,
      connectors,
      multiInjectedProviderDiscovery: true,
      pollingInterval: WALLET_POLLING_INTERVAL_MS,
      storage: createStorage({ key: `latch.${this.kit.id}.evm`, ...(storage ? { storage } : {}) }),
    });
  }

  // --- state for hooks and the wallet source ---------------------------------------------------

  getConnection = (): WalletConnection => this.connection;
  getConnectors = (): readonly EvmConnectorInfo[] => this.connectorList;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }

  private syncConnectors() {
    this.connectorList = (this.wagmi?.connectors ?? []).filter(isExternalWallet).map(infoOf);
    this.notify();
  }

  private currentConnection(): Connection | undefined {
    const state = this.wagmi?.state;
    const current = state?.current ? state.connections.get(state.current) : undefined;
    return current && isExternalWallet(current.connector) ? current : undefined;
  }

  private syncConnection() {
    const state = this.wagmi?.state;
    if (!state) return;
    const current = this.currentConnection();
    const next: WalletConnection = {
      status: current || state.status !== "connected" ? state.status : "disconnected",
      ...(current?.accounts[0] ? { address: current.accounts[0] } : {}),
      ...(current ? { chainId: current.chainId, connector: infoOf(current.connector) } : {}),
    };
    const prev = this.connection;
    if (prev.status !== next.status || prev.address !== next.address || prev.chainId !== next.chainId || prev.connector?.id !== next.connector?.id) {
      this.connection = next;
      this.followWallet(next);
      this.notify();
    }
  }

  /**
   * The wallet changed under us (account switched, disconnected from the wallet's side, or, with the
   * app's wagmi config, connected by the app): the user follows.
   */
  private followWallet(next: WalletConnection) {
    const user = this.kit.getUser();
    if (!user && this.shared && !this.connecting && next.status === "connected" && next.address) {
      this.kit.setUser(eoaUser(next.address));
      this.kit.setStatus("CONNECTED");
      return;
    }
    if (user?.type !== "eoa") return;
    if (next.status === "disconnected") {
      this.forgetWalletName();
      this.kit.setUser(null);
      this.kit.setStatus("DISCONNECTED");
    } else if (next.status === "connected" && next.address && next.address !== user.address) {
      this.kit.setUser(eoaUser(next.address));
    }
  }

  /** The chain the wallet is on now (Try again reconnects there). */
  currentChainId(): number | undefined {
    return this.currentConnection()?.chainId ?? this.wagmi?.state.chainId;
  }

  // --- connect flow ----------------------------------------------------------------------------

  /**
   * Choosing a wallet: the flow moves to the connect step, then to complete once the wallet
   * connected on a configured chain; any failure becomes that step's error.
   */
  connect(wallet: WalletEntry, options: ConnectOptions = {}, stepType: ConnectStepType = "eoa_connect"): Promise<void> {
    const attempt = ++this.attempt;
    const step = { type: stepType, chain: "evm" as const, wallet };
    this.kit.setStep(step);
    // Leaving the connect step any other way than completing (Cancel, back, closing the dialog) cancels.
    const off = this.kit.events.on("stepChanged", (next) => {
      if (next.type === stepType || next.type === "complete") return;
      off();
      if (attempt === this.attempt) this.cancel();
    });
    return this.connectOnce(wallet, options, attempt).then(
      () => {
        off();
        if (attempt === this.attempt && this.kit.getStep().type === stepType) this.kit.setStep({ type: "complete" });
      },
      (thrown) => {
        off();
        if (attempt !== this.attempt) return;
        const error = toWalletError(thrown);
        // A wallet error is logged (a refusal is the user's choice, not an error).
        if (!(error instanceof UserRejectedError)) console.warn(`[latch] connecting ${wallet.name} failed`, thrown);
        this.kit.setStep({ ...step, error });
      },
    );
  }

  /** Connects (or reuses the wallet's connection) and signs the EOA user in; throws the catalogue's errors. */
  async connectOnce(wallet: WalletEntry, options: ConnectOptions = {}, attempt = ++this.attempt): Promise<Address> {
    const config = this.config();
    const connector = config?.connectors.find((c) => c.id === wallet.id);
    if (!config || !connector) throw new WalletNotFoundError();
    const current = this.currentConnection();
    let result: { accounts: readonly Address[]; chainId: number };
    if (current?.connector.uid === connector.uid) result = current;
    else {
      if (current) await wagmiDisconnect(config, { connector: current.connector }).catch(() => {});
      const chainId = options.chainId !== undefined && this.isConfigured(options.chainId) ? options.chainId : undefined;
      this.connecting = true;
      try {
        result = await wagmiConnect(config, { connector, ...(chainId === undefined ? {} : { chainId }) });
      } finally {
        this.connecting = false;
      }
    }
    if (attempt !== this.attempt) {
      // Cancelled while the wallet was asking: a late approval signs nobody in.
      void wagmiDisconnect(config, { connector }).catch(() => {});
      throw new UserRejectedError();
    }
    await this.ensureConfiguredChain(result.chainId);
    const address = result.accounts[0];
    if (!address) throw new WalletNotFoundError();
    this.rememberWalletName(connector.name);
    this.kit.setUser(eoaUser(address));
    this.kit.setStatus("CONNECTED");
    return address;
  }

  /** Cancel: a pending connection no longer signs anyone in. */
  cancel() {
    this.attempt++;
    const config = this.wagmi;
    if (config && config.state.status !== "connected" && !this.currentConnection()) {
      // Leave nothing half-open in the wallet's own connecting state.
      config.setState((x) => ({ ...x, status: x.current ? "connected" : "disconnected" }));
    }
  }

  private isConfigured(chainId: number) {
    return this.chains.some((c) => c.id === chainId);
  }

  /** A wallet on a chain the app does not configure is asked to switch; if it can't: 'does not support this network'. */
  private async ensureConfiguredChain(chainId: number) {
    if (this.isConfigured(chainId)) return;
    try {
      await this.switchChain(this.chains[0].id);
    } catch (error) {
      if (toWalletError(error) instanceof UserRejectedError) throw toWalletError(error);
      throw new UnsupportedNetworkError({ cause: error });
    }
  }

  // --- reconnect, disconnect, chain ------------------------------------------------------------

  /**
   * Reconnect on load: waits briefly for a remembered wallet that announces itself late, then tries
   * recent connectors first (reconnecting / connecting → connected / disconnected). Concurrent calls share one run.
   */
  reconnect(): Promise<void> {
    this.reconnecting ??= this.runReconnect().finally(() => (this.reconnecting = null));
    return this.reconnecting;
  }

  private async runReconnect() {
    if (this.shared) return await this.reconnectShared();
    const config = this.config();
    const name = this.readWalletName();
    if (!config || !name) return;
    const named = (c: Connector) => c.name.toLowerCase() === name.toLowerCase();
    if (!config.connectors.some(named)) await this.waitForConnector(config, named, INJECTED_WALLET_LATE_DETECT_MS);
    // Only the remembered wallet's connectors (wagmi tries the most recent first): other wallets'
    // providers, WalletConnect's above all, are not even loaded.
    const connectors = config.connectors.filter(named);
    if (!connectors.length) return;
    const connections = await wagmiReconnect(config, { connectors });
    const connection = connections[0];
    const address = connection?.accounts[0];
    if (!connection || !address || !this.isConfigured(connection.chainId)) {
      if (!connection) this.forgetWalletName();
      return;
    }
    const user = this.kit.getUser();
    if (user && user.type !== "eoa") return; // an embedded session owns the kit
    this.kit.setUser(eoaUser(address));
    this.kit.setStatus("CONNECTED");
  }

  /**
   * With the app's wagmi config, wagmi remembers the wallet: reconnect it as the app's own
   * WagmiProvider would (wagmi runs one reconnect at a time), and the user follows the connection.
   */
  private async reconnectShared() {
    const config = this.config();
    if (!config) return;
    if (config.state.status === "disconnected") await wagmiReconnect(config);
    this.syncConnection();
    const current = this.currentConnection();
    const user = this.kit.getUser();
    if (current?.accounts[0] && this.isConfigured(current.chainId) && (!user || user.type === "eoa")) {
      this.kit.setUser(eoaUser(current.accounts[0]));
      this.kit.setStatus("CONNECTED");
    }
  }

  private waitForConnector(config: Config, match: (c: Connector) => boolean, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        resolve();
      };
      const timer = setTimeout(done, ms);
      const off = config._internal.connectors.subscribe((connectors) => connectors.some(match) && done());
    });
  }

  /** Ends the wallet connection (error view on show); the remembered name stays for logout to clear. */
  async disconnectWallet(): Promise<void> {
    const config = this.wagmi;
    const current = this.currentConnection();
    if (!config || !current) return;
    await wagmiDisconnect(config, { connector: current.connector }).catch((error) => console.warn("[latch] the wallet did not disconnect cleanly", error));
  }

  /** Logout: the wallet disconnects and is forgotten. */
  async disconnect(): Promise<void> {
    this.attempt++;
    this.forgetWalletName();
    await this.disconnectWallet();
  }

  /** Switches the wallet's chain; 4902 (unknown chain) adds it first; a rejection stays a rejection. */
  async switchChain(chainId: number): Promise<Chain> {
    if (!this.isConfigured(chainId)) throw new ChainNotConfiguredError();
    const config = this.config();
    if (!config) throw new ChainNotConfiguredError();
    try {
      return await wagmiSwitchChain(config, { chainId });
    } catch (error) {
      throw toWalletError(error);
    }
  }

  private readWalletName(): string | null {
    try {
      return safeStorage()?.getItem(this.settings.walletStorageKey) ?? null;
    } catch {
      return null;
    }
  }

  private rememberWalletName(name: string) {
    try {
      safeStorage()?.setItem(this.settings.walletStorageKey, name);
    } catch {
      /* storage blocked: no auto-connect next time */
    }
  }

  private forgetWalletName() {
    try {
      safeStorage()?.removeItem(this.settings.walletStorageKey);
    } catch {
      /* nothing stored */
    }
  }

  destroy() {
    for (const teardown of this.teardowns.splice(0)) teardown();
    this.listeners.clear();
  }
}

/** The app's wagmi config with the kit's own connectors (e.g. WalletConnect's) added once. */
function withConnectors(config: Config, connectors: CreateConnectorFn[]): Config {
  const added = connectors.map((fn) => config._internal.connectors.setup(fn)).filter((c) => !config.connectors.some((x) => x.id === c.id));
  if (added.length) config._internal.connectors.setState((existing) => [...existing, ...added]);
  return config;
}
