// The dev wallet's WalletConnect side: @reown/walletkit on @walletconnect/core in the browser,
// pointed at the local relay, and what it approves for a session proposal.
import { Core } from "@walletconnect/core";
import { WalletKit, type WalletKitTypes } from "@reown/walletkit";
import type { Address } from "viem";
import { DEVNET_CHAIN_ID } from "../devnet-keys";

export type DevWalletKit = Awaited<ReturnType<typeof WalletKit.init>>;

export const DEVNET_CAIP = `eip155:${DEVNET_CHAIN_ID}`;
export const SUPPORTED_METHODS = ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "wallet_switchEthereumChain"];
const EVENTS = ["chainChanged", "accountsChanged"];

/** Its own storage prefix: the playground's kit pairs from the same origin, and the relay tells peers apart by their keys. */
export async function startDevWalletKit(relayUrl: string): Promise<DevWalletKit> {
  const core = new Core({ projectId: "latch-playground", relayUrl, customStoragePrefix: "latch-dev-wc-wallet", telemetryEnabled: false, logger: "error" });
  return WalletKit.init({
    core,
    metadata: { name: "Latch dev WalletConnect wallet", description: "Playground only: the devnet's public test keys", url: location.origin, icons: [] },
  });
}

/** The methods the dapp asked for (required or optional) that this wallet answers; all of them if it named none. */
export function approvedMethods(proposal: WalletKitTypes.SessionProposal): string[] {
  const { requiredNamespaces, optionalNamespaces } = proposal.params;
  const asked = new Set([...(requiredNamespaces.eip155?.methods ?? []), ...(optionalNamespaces?.eip155?.methods ?? [])]);
  const methods = SUPPORTED_METHODS.filter((m) => asked.has(m));
  return methods.length ? methods : SUPPORTED_METHODS;
}

/** The chains the dapp asked for, shown before approving; the wallet approves the devnet alone. */
export const askedChains = (proposal: WalletKitTypes.SessionProposal): string[] => [
  ...new Set([...(proposal.params.requiredNamespaces.eip155?.chains ?? []), ...(proposal.params.optionalNamespaces?.eip155?.chains ?? [])]),
];

export function approve(kit: DevWalletKit, proposal: WalletKitTypes.SessionProposal, address: Address) {
  return kit.approveSession({
    id: proposal.id,
    namespaces: { eip155: { chains: [DEVNET_CAIP], methods: approvedMethods(proposal), events: EVENTS, accounts: [`${DEVNET_CAIP}:${address}`] } },
  });
}

export const USER_REJECTED = { code: 5000, message: "User rejected." };
