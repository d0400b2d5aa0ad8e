// The local devnet as the kit sees it (browser-safe constants; the devnet itself lives in server/devnet).
import type { Address, Chain } from "viem";
import { PROVIDER_RPC_URL_KEY } from "./chains";

/** The local devnet's chain id (anvil's default). */
export const DEVNET_CHAIN_ID = 31337;
/** Fixed ports of `npm run devnet`. */
export const DEVNET_DEFAULT_PORTS = { rpc: 8545, bundler: 4337, paymaster: 3000 } as const;
/** The sponsorship policy the devnet paymaster accepts by default. */
export const DEVNET_POLICY_ID = "devnet-sponsorship";
/**
 * Receipt polling for the devnet, which mines a bundle within ~100 ms: the spec's defaults (first retry after
 * 2000 ms) would put a 2 s floor under every "send → receipt".
 */
export const DEVNET_RETRY_SETTINGS = { txMaxRetries: 100, txRetryIntervalMs: 100, txRetryMultiplier: 1 } as const;

/**
 * Where a fresh devnet puts our factory test doubles (CREATE2 from anvil's deterministic deployer, salt 0, so
 * the same on every start). A devnet test checks these against a running devnet: if the contracts change, that
 * test names the new addresses.
 */
export const DEVNET_FACTORY_ADDRESSES = {
  lightAccount: "0xF3faAc9a01Cbd89a14Ec20F18e08489A29CB551A",
  multiOwnerLightAccount: "0xC75d816cD81A49b8C4a960c73fE73D6D4CAAe9cE",
  modularAccountV2: "0xca20877C93EC61C771E4D31407f6f2E355035a7d",
  multiOwnerModularAccount: "0xCe2767632810D4493e6AdA4Fd354EC29f9D4aAc6",
} as const satisfies Record<string, Address>;

/** The factory address of each account type on the local devnet. */
export type DevnetFactoryAddresses = { [key in keyof typeof DEVNET_FACTORY_ADDRESSES]: Address };

/** Where the local devnet's node, bundler and paymaster listen, and its factory addresses. */
export interface DevnetChainOptions {
  chainId?: number;
  rpcUrl?: string;
  bundlerUrl?: string;
  paymasterUrl?: string;
  factories?: DevnetFactoryAddresses;
}

/**
 * A viem chain for the local devnet: the node is also the provider rpc url, the bundler and paymaster URLs ride
 * along in `rpcUrls`, and the factory doubles in `contracts` (the local-chain override of factory addresses).
 */
export function devnetChain(options: DevnetChainOptions = {}): Chain {
  const rpcUrl = options.rpcUrl ?? `http://127.0.0.1:${DEVNET_DEFAULT_PORTS.rpc}`;
  const bundlerUrl = options.bundlerUrl ?? `http://127.0.0.1:${DEVNET_DEFAULT_PORTS.bundler}`;
  const paymasterUrl = options.paymasterUrl ?? `http://127.0.0.1:${DEVNET_DEFAULT_PORTS.paymaster}`;
  const factories = options.factories ?? DEVNET_FACTORY_ADDRESSES;
  return {
    id: options.chainId ?? DEVNET_CHAIN_ID,
    name: "Latch devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: {
      default: { http: [rpcUrl] },
      [PROVIDER_RPC_URL_KEY]: { http: [rpcUrl] },
      bundler: { http: [bundlerUrl] },
      paymaster: { http: [paymasterUrl] },
    },
    contracts: {
      lightAccountFactory: { address: factories.lightAccount },
      multiOwnerLightAccountFactory: { address: factories.multiOwnerLightAccount },
      modularAccountV2Factory: { address: factories.modularAccountV2 },
      multiOwnerModularAccountFactory: { address: factories.multiOwnerModularAccount },
    },
    testnet: true,
  };
}
