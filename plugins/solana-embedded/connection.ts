// The @solana/kit RPC client for the kit's endpoint, for apps that read the chain themselves.
import { createSolanaRpc, type Rpc, type SolanaRpcApi } from "@solana/kit";
import type { Kit } from "latch-kit";
import { getSolanaEmbedded, type SolanaEndpoint } from "./service";

export interface SolanaConnection extends SolanaEndpoint {
  /** A @solana/kit RPC client: `await connection.rpc.getBalance(address).send()`. */
  rpc: Rpc<SolanaRpcApi>;
}

/** A small Solana RPC connection for the endpoint. */
export function createSolanaConnection(endpoint: SolanaEndpoint): SolanaConnection {
  return { ...endpoint, rpc: createSolanaRpc(endpoint.rpcUrl, { headers: endpoint.headers as never }) as unknown as Rpc<SolanaRpcApi> };
}

const connections = new WeakMap<object, SolanaConnection>();

/** The kit's Solana connection (created on first use). */
export function getSolanaConnection(kit: Kit): SolanaConnection {
  const service = getSolanaEmbedded(kit);
  let connection = connections.get(service);
  if (!connection) connections.set(service, (connection = createSolanaConnection(service.endpoint)));
  return connection;
}
