// Per-kit WalletConnect state: its params, the pairing URI shown as a QR code, and its wallet source.
import { atom } from "jotai/vanilla";
import { defineService, type Kit } from "latch-kit";
import {
  EVM_CONNECTOR,
  evmWalletService,
  type EvmWalletPort,
  RemotePairingParamsError,
  registerWalletSource,
  walletSectionConfig,
  type RemotePairingParams,
  type WalletEntry,
  type WalletSource,
  type WalletSourceSnapshot,
} from "../../lib/wallets/index";
import { WALLETCONNECT_CONNECTOR_ID, WALLETCONNECT_ICON, WALLETCONNECT_NAME, walletConnectConnector } from "./connector";
import type { Metadata } from "@walletconnect/universal-provider";

/** Options of {@link walletConnect}: the pairing settings (project id, relay) and the app's metadata. */
export interface WalletConnectPluginConfig extends RemotePairingParams {
  /** The app as the wallet shows it; default from the page (title, origin). */
  metadata?: Metadata;
}

export const WALLETCONNECT_SOURCE_ID = "walletconnect";

/** The remote-pairing option as a pick_eoa row. */
export const walletConnectEntry: WalletEntry = {
  key: `evm:${WALLETCONNECT_SOURCE_ID}:${WALLETCONNECT_CONNECTOR_ID}`,
  source: WALLETCONNECT_SOURCE_ID,
  chain: "evm",
  id: WALLETCONNECT_CONNECTOR_ID,
  name: WALLETCONNECT_NAME,
  icon: WALLETCONNECT_ICON,
  remotePairing: true,
};

export class WalletConnectState {
  /** The pairing URI while a QR code should show. */
  readonly uri = atom<string | null>(null);
  /** Params from the plugin, else from the wallet section; undefined when neither gives any. */
  readonly params: WalletConnectPluginConfig | undefined;

  constructor(
    private readonly kit: Kit,
    config: WalletConnectPluginConfig | undefined,
  ) {
    const fromSection = walletSectionConfig(kit)?.walletConnect;
    this.params = config || fromSection ? { ...fromSection, ...config } : undefined;
  }

  setUri(uri: string | null) {
    this.kit.store.set(this.uri, uri);
  }

  private evmWallet(): EvmWalletPort | undefined {
    return evmWalletService.find(this.kit);
  }

  /** Adds the connector to the EVM wallet config when a project id is given. */
  install() {
    const projectId = this.params?.projectId;
    if (projectId) {
      this.kit.container.add(
        EVM_CONNECTOR,
        walletConnectConnector({
          projectId,
          ...(this.params?.relayUrl ? { relayUrl: this.params.relayUrl } : {}),
          metadata: this.params?.metadata ?? defaultMetadata(),
          storagePrefix: this.kit.id,
          onUri: (uri) => this.setUri(uri),
        }),
      );
    }
    registerWalletSource(this.kit, this.source());
  }

  private source(): WalletSource {
    const snapshot: WalletSourceSnapshot = { kind: "remote-pairing", option: this.params ? walletConnectEntry : null };
    return {
      id: WALLETCONNECT_SOURCE_ID,
      chain: "evm",
      snapshot: () => snapshot,
      subscribe: () => () => {},
      connect: (wallet, options) => {
        const step = { type: "wallet_connect" as const, chain: "evm" as const, wallet };
        const evm = this.evmWallet();
        if (!this.params?.projectId || !evm) {
          if (!evm) console.warn("[latch] walletConnect() needs the evm() plugin installed");
          this.kit.setStep({ ...step, error: new RemotePairingParamsError() });
          return;
        }
        this.setUri(null);
        void evm.connect(wallet, options, "wallet_connect");
      },
      cancel: () => {
        this.setUri(null);
        this.evmWallet()?.cancel();
      },
      disconnect: async () => {
        this.setUri(null);
        await this.evmWallet()?.disconnectWallet();
      },
      currentChainId: () => this.evmWallet()?.currentChainId(),
    };
  }
}

function defaultMetadata(): Metadata {
  const origin = typeof location === "undefined" ? "http://localhost" : location.origin;
  return { name: typeof document === "undefined" ? "Latch" : document.title || "Latch", description: "", url: origin, icons: [] };
}

export const walletConnectState = defineService<WalletConnectState>("walletconnect.State", {
  missing: "The walletconnect plugin is not installed: add walletConnect() to the kit's plugins",
});

export const getWalletConnectState = (kit: Kit): WalletConnectState => walletConnectState.of(kit);
