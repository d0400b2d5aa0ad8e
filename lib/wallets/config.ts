import type { ChainType, Kit } from "latch-kit";

/** Params of the remote-pairing option (WalletConnect), given in the section or to its plugin. */
export interface RemotePairingParams {
  projectId?: string;
  /** Relay websocket URL; default the public relay. */
  relayUrl?: string;
}

/** `ui.auth.sections` entry `{ type: 'external_wallets', ... }`. */
export interface ExternalWalletsSectionConfig {
  type: "external_wallets";
  /** How many configured wallets the section shows; default unlimited. */
  numFeaturedWallets?: number;
  /** Text of the 'More wallets' button. */
  moreButtonText?: string;
  hideMoreButton?: boolean;
  /** Wallet names to feature, matched case-insensitively; 'walletconnect' names the remote-pairing option. */
  wallets?: string[];
  /** Chain types offered; default evm and svm. */
  chainType?: ChainType[];
  /** Adds the remote-pairing option when the walletconnect plugin is installed. */
  walletConnect?: RemotePairingParams;
}

export const EXTERNAL_WALLETS_SECTION = "external_wallets";

/** The configured wallet section, wherever it sits in `ui.auth.sections`. */
export function walletSectionConfig(kit: Kit): ExternalWalletsSectionConfig | undefined {
  for (const group of kit.config.ui.auth?.sections ?? []) {
    for (const section of group) {
      if (section.type === EXTERNAL_WALLETS_SECTION) return section as unknown as ExternalWalletsSectionConfig;
    }
  }
  return undefined;
}
