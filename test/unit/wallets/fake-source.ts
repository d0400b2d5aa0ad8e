// A wallet source for unit tests: fixed connectors, recorded calls, connect outcomes on demand.
import { definePlugin, type Kit } from "latch-kit";
import { registerWalletSource, walletParts, type EvmConnectorInfo, type WalletEntry, type WalletSource } from "../../../lib/wallets/index";

export interface FakeSourceControl {
  calls: Array<{ method: string; wallet?: string; chainId?: number }>;
  connectors: EvmConnectorInfo[];
  chainId: number;
  /** What connect does: leaves the flow at the connect step unless an error is given. */
  failWith?: Error;
}

export function fakeWalletPlugin(connectors: EvmConnectorInfo[], control: Partial<FakeSourceControl> = {}) {
  const state: FakeSourceControl = { calls: [], connectors, chainId: 1, ...control };
  const plugin = definePlugin({
    id: "fake-wallets",
    ...walletParts,
    setup: (kit: Kit) => {
      const snapshot = { kind: "evm" as const, connectors: state.connectors };
      const source: WalletSource = {
        id: "evm",
        chain: "evm",
        snapshot: () => snapshot,
        subscribe: () => () => {},
        connect(wallet: WalletEntry, options) {
          state.calls.push({ method: "connect", wallet: wallet.name, ...(options?.chainId ? { chainId: options.chainId } : {}) });
          kit.setStep({ type: "eoa_connect", chain: "evm", wallet, ...(state.failWith ? { error: state.failWith } : {}) });
        },
        cancel: () => void state.calls.push({ method: "cancel" }),
        disconnect: async () => void state.calls.push({ method: "disconnect" }),
        currentChainId: () => state.chainId,
        findWalletUrl: "https://wallets.example/find",
      };
      registerWalletSource(kit, source);
    },
  });
  return { plugin, state };
}

export const injected = (name: string, icon?: string): EvmConnectorInfo => ({ id: name.toLowerCase(), name, type: "injected", ...(icon ? { icon } : {}) });
