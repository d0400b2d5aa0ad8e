// The playground's dev wallets pass what they do not answer themselves to the devnet node.

export type RpcError = { code: number; message: string };

/** An error carrying an EIP-1193 / JSON-RPC code, as wallets throw them. */
export const rpcError = (code: number, message: string): Error & RpcError => Object.assign(new Error(message), { code });

/** One JSON-RPC request to the devnet node; its error answers keep their code, an unreachable node is 4900. */
export async function forwardToDevnet(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
  }).catch(() => {
    throw rpcError(4900, `The devnet at ${rpcUrl} is not running: npm start (without --no-devnet) or npm run devnet`);
  });
  const answer = (await response.json()) as { result?: unknown; error?: RpcError };
  if (answer.error) throw rpcError(answer.error.code, answer.error.message);
  return answer.result;
}
