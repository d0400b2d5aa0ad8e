// A wagmi connector over @walletconnect/universal-provider (EVM only). The provider's code loads on
// first use, so an app pays for WalletConnect only when someone pairs or a session is restored.
import { createConnector, ChainNotConfiguredError as WagmiChainNotConfiguredError } from "@wagmi/core";
import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError, type Address, type Chain } from "viem";
import type UniversalProvider from "@walletconnect/universal-provider";
import type { Metadata } from "@walletconnect/universal-provider";

export const WALLETCONNECT_CONNECTOR_ID = "walletConnect";
export const WALLETCONNECT_NAME = "WalletConnect";
/** The WalletConnect mark, inline so nothing is fetched. */
export const WALLETCONNECT_ICON =
  "data:image/svg+xml;base64," +
  btoaSafe(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3b99fc"/><path d="M12.3 15.6c4.2-4.1 11.1-4.1 15.4 0l.5.5a.5.5 0 0 1 0 .7l-1.7 1.7a.3.3 0 0 1-.4 0l-.7-.7a7.6 7.6 0 0 0-10.7 0l-.8.7a.3.3 0 0 1-.4 0l-1.7-1.7a.5.5 0 0 1 0-.7zm19 3.5 1.5 1.5a.5.5 0 0 1 0 .7l-6.8 6.7a.5.5 0 0 1-.8 0l-4.8-4.7a.1.1 0 0 0-.2 0l-4.8 4.7a.5.5 0 0 1-.8 0l-6.8-6.7a.5.5 0 0 1 0-.7l1.5-1.5a.5.5 0 0 1 .8 0l4.8 4.7a.1.1 0 0 0 .2 0l4.8-4.7a.5.5 0 0 1 .8 0l4.8 4.7a.1.1 0 0 0 .2 0l4.8-4.7a.5.5 0 0 1 .8 0z" fill="#fff"/></svg>',
  );

function btoaSafe(s: string): string {
  return typeof btoa === "function" ? btoa(s) : Buffer.from(s).toString("base64");
}

const METHODS = [
  "eth_sendTransaction",
  "personal_sign",
  "eth_sign",
  "eth_signTypedData",
  "eth_signTypedData_v4",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
];
const EVENTS = ["chainChanged", "accountsChanged"];

export interface WalletConnectConnectorParams {
  projectId: string;
  relayUrl?: string;
  metadata?: Metadata;
  /** Keeps two kits' sessions apart in storage. */
  storagePrefix?: string;
  /** The pairing URI to show as a QR code (null once paired or abandoned). */
  onUri: (uri: string | null) => void;
}

const caip = (chainId: number) => `eip155:${chainId}`;
const codeOf = (e: unknown) => (e && typeof e === "object" && typeof (e as { code?: unknown }).code === "number" ? (e as { code: number }).code : undefined);

export function walletConnectConnector(params: WalletConnectConnectorParams) {
  let providerPromise: Promise<UniversalProvider> | undefined;

  return createConnector<UniversalProvider>((config) => {
    const rpcMap = Object.fromEntries(config.chains.map((c) => [String(c.id), c.rpcUrls.default.http[0] ?? ""]));

    const accountsOf = (provider: UniversalProvider): Address[] => {
      const accounts = provider.session?.namespaces.eip155?.accounts ?? [];
      const chainId = currentChain(provider);
      const onChain = accounts.filter((a) => chainId === undefined || a.split(":")[1] === String(chainId));
      return [...new Set((onChain.length ? onChain : accounts).map((a) => getAddress(a.split(":")[2]!)))];
    };

    const currentChain = (provider: UniversalProvider): number | undefined => {
      const eip155 = provider.rpcProviders.eip155 as unknown as { chainId?: number } | undefined;
      if (eip155?.chainId) return eip155.chainId;
      const first = provider.session?.namespaces.eip155?.accounts[0]?.split(":")[1];
      return first ? Number(first) : undefined;
    };

    const connector = {
      id: WALLETCONNECT_CONNECTOR_ID,
      name: WALLETCONNECT_NAME,
      type: "walletConnect",
      icon: WALLETCONNECT_ICON,

      async getProvider(): Promise<UniversalProvider> {
        providerPromise ??= (async () => {
          const { UniversalProvider } = await import("@walletconnect/universal-provider");
          const provider = await UniversalProvider.init({
            projectId: params.projectId,
            ...(params.relayUrl ? { relayUrl: params.relayUrl } : {}),
            ...(params.metadata ? { metadata: params.metadata } : {}),
            ...(params.storagePrefix ? { customStoragePrefix: params.storagePrefix } : {}),
            telemetryEnabled: false,
            disableProviderPing: true,
            logger: "error",
          });
          provider.on("display_uri", (uri: string) => params.onUri(uri));
          provider.on("session_delete", () => connector.onDisconnect());
          provider.on("accountsChanged", (accounts: string[]) => connector.onAccountsChanged(accounts));
          provider.on("chainChanged", (chainId: string | number) => connector.onChainChanged(String(chainId)));
          return provider;
        })().catch((error) => {
          providerPromise = undefined;
          throw error;
        });
        return providerPromise;
      },

      async connect({ chainId, isReconnecting }: { chainId?: number; isReconnecting?: boolean } = {}) {
        const provider = await connector.getProvider();
        if (!provider.session) {
          if (isReconnecting) throw new Error("No WalletConnect session to restore");
          try {
            await provider.connect({
              optionalNamespaces: {
                eip155: { chains: config.chains.map((c) => caip(c.id)), methods: METHODS, events: EVENTS, rpcMap },
              },
            });
          } finally {
            params.onUri(null);
          }
        }
        const accounts = accountsOf(provider);
        let current = await connector.getChainId();
        if (chainId && chainId !== current && provider.session?.namespaces.eip155?.chains?.includes(caip(chainId))) {
          provider.setDefaultChain(caip(chainId));
          current = chainId;
        }
        if (!accounts.length) throw new Error("No accounts in the WalletConnect session");
        return { accounts, chainId: current } as never;
      },

      async disconnect() {
        const provider = await connector.getProvider();
        try {
          if (provider.session) await provider.disconnect();
        } catch (error) {
          console.warn("[latch] WalletConnect session did not end cleanly", error);
        }
      },

      async getAccounts() {
        return accountsOf(await connector.getProvider());
      },

      async getChainId() {
        const provider = await connector.getProvider();
        // The provider's eip155 namespace throws 'ChainId not found' when the session names no chain.
        const chainId = currentChain(provider) ?? Number(await provider.request({ method: "eth_chainId" }));
        if (!chainId) throw new Error("ChainId not found");
        return chainId;
      },

      async isAuthorized() {
        try {
          const provider = await connector.getProvider();
          return Boolean(provider.session) && accountsOf(provider).length > 0;
        } catch {
          return false;
        }
      },

      /** Chains the session approved switch locally; others ask the wallet, adding the chain on 4902. */
      async switchChain({ chainId }: { chainId: number }): Promise<Chain> {
        const chain = config.chains.find((c) => c.id === chainId);
        if (!chain) throw new SwitchChainError(new WagmiChainNotConfiguredError());
        const provider = await connector.getProvider();
        const switchTo = () => provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
        try {
          try {
            await switchTo();
          } catch (error) {
            if (codeOf(error) !== 4902) throw error;
            await provider.request({
              method: "wallet_addEthereumChain",
              params: [
                {
                  chainId: numberToHex(chainId),
                  chainName: chain.name,
                  nativeCurrency: chain.nativeCurrency,
                  rpcUrls: [chain.rpcUrls.default.http[0] ?? ""],
                  ...(chain.blockExplorers?.default ? { blockExplorerUrls: [chain.blockExplorers.default.url] } : {}),
                },
              ],
            });
            await switchTo();
          }
        } catch (error) {
          const code = codeOf(error);
          if (code === 4001 || code === 5000) throw new UserRejectedRequestError(error as Error);
          throw new SwitchChainError(error as Error);
        }
        provider.setDefaultChain(caip(chainId));
        config.emitter.emit("change", { chainId });
        return chain;
      },

      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) connector.onDisconnect();
        else config.emitter.emit("change", { accounts: accounts.map((a) => getAddress(a)) });
      },
      onChainChanged(chain: string) {
        config.emitter.emit("change", { chainId: Number(chain) });
      },
      onDisconnect() {
        config.emitter.emit("disconnect");
      },
    };
    return connector;
  });
}
