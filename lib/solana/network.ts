// The Solana network an RPC endpoint serves, inferred from its URL: "devnet" or "testnet"
// in the URL, a loopback host for localnet, otherwise mainnet (also the default without a URL).

/** A Solana network. */
export type SolanaNetwork = "mainnet" | "devnet" | "testnet" | "localnet";

/** Public endpoints per network; the plugin's default endpoint is mainnet's. */
export const SOLANA_RPC_URLS: Record<SolanaNetwork, string> = {
  mainnet: "https://api.mainnet-beta.solana.com",
  devnet: "https://api.devnet.solana.com",
  testnet: "https://api.testnet.solana.com",
  localnet: "http://localhost:8899",
};

/** Cluster names (mainnet-beta, testnet, devnet; plus a local validator). */
export const SOLANA_CLUSTERS: Record<SolanaNetwork, string> = {
  mainnet: "mainnet-beta",
  devnet: "devnet",
  testnet: "testnet",
  localnet: "localnet",
};

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"]);

/** The Solana network an RPC URL points at (localnet for a loopback host). */
export function inferSolanaNetwork(endpoint: string | undefined | null): SolanaNetwork {
  if (!endpoint) return "mainnet";
  const text = endpoint.toLowerCase();
  if (text.includes("devnet")) return "devnet";
  if (text.includes("testnet")) return "testnet";
  let host = "";
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    // not a URL: no host to look at
  }
  if (LOOPBACK_HOSTS.has(host) || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || text.includes("localnet")) {
    return "localnet";
  }
  return "mainnet";
}

/** The wallet-standard chain id of a network (`solana:mainnet`, …). */
export function solanaChainId(network: SolanaNetwork): `solana:${SolanaNetwork}` {
  return `solana:${network}`;
}
