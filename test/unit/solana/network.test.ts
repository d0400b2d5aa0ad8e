import { describe, expect, it } from "vitest";
import { createKit } from "latch-kit";
import { getSolanaEmbedded, inferSolanaNetwork, solanaChainId, solanaEmbedded, SOLANA_CLUSTERS, SOLANA_RPC_URLS } from "latch-kit/plugins/solana-embedded";

describe("the Solana network inferred from the endpoint (spec §5)", () => {
  it.each([
    ["https://api.devnet.solana.com", "devnet"],
    ["https://solana-devnet.g.alchemy.com/v2/key", "devnet"],
    ["https://api.testnet.solana.com", "testnet"],
    ["https://solana-testnet.example.org/rpc", "testnet"],
    ["http://localhost:8899", "localnet"],
    ["http://127.0.0.1:8899", "localnet"],
    ["http://[::1]:8899", "localnet"],
    ["http://0.0.0.0:8899", "localnet"],
    ["http://validator.localhost:8899", "localnet"],
    ["https://api.mainnet-beta.solana.com", "mainnet"],
    ["https://solana-mainnet.g.alchemy.com/v2/key", "mainnet"],
    ["https://rpc.example.com", "mainnet"],
    ["not a url", "mainnet"],
    ["", "mainnet"],
    [undefined, "mainnet"],
  ] as const)("%s → %s", (endpoint, network) => {
    expect(inferSolanaNetwork(endpoint)).toBe(network);
  });

  it("names the chain ids and clusters (spec §9: mainnet-beta, testnet, devnet)", () => {
    expect(solanaChainId("devnet")).toBe("solana:devnet");
    expect(SOLANA_CLUSTERS.mainnet).toBe("mainnet-beta");
    expect(Object.values(SOLANA_CLUSTERS)).toEqual(expect.arrayContaining(["mainnet-beta", "testnet", "devnet"]));
  });

  it("defaults to mainnet's endpoint and the confirmed commitment; a configured network overrides the inference", () => {
    const plain = getSolanaEmbedded(createKit({ plugins: [solanaEmbedded()] })).endpoint;
    expect(plain).toMatchObject({ rpcUrl: SOLANA_RPC_URLS.mainnet, network: "mainnet", chainId: "solana:mainnet", commitment: "confirmed" });
    const local = getSolanaEmbedded(createKit({ plugins: [solanaEmbedded({ rpcUrl: "http://localhost:9999", commitment: "finalized" })] })).endpoint;
    expect(local).toMatchObject({ network: "localnet", commitment: "finalized" });
    const proxied = getSolanaEmbedded(createKit({ plugins: [solanaEmbedded({ rpcUrl: "https://proxy.example.com", network: "devnet" })] })).endpoint;
    expect(proxied.network).toBe("devnet");
    expect(getSolanaEmbedded(createKit({ plugins: [solanaEmbedded({ network: "testnet" })] })).endpoint.rpcUrl).toBe(SOLANA_RPC_URLS.testnet);
  });

  it("says how to configure it when the plugin is missing", () => {
    expect(() => getSolanaEmbedded(createKit())).toThrow("Solana is not configured: add solanaEmbedded({ rpcUrl }) to the kit's plugins");
  });
});
