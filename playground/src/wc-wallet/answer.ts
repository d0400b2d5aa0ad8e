// What the dev wallet answers a session request with: signatures from the devnet test key, sends
// signed here and broadcast on the devnet node, anything else read from the node.
import { createWalletClient, hexToString, http, isHex, type Hex, type LocalAccount, type TypedDataDefinition } from "viem";
import { DEVNET_CHAIN_ID } from "../devnet-keys";
import { forwardToDevnet, rpcError, type RpcError } from "../devnet-rpc";

interface TransactionParams {
  to?: Hex;
  value?: Hex;
  data?: Hex;
  gas?: Hex;
}

export async function answerRequest(account: LocalAccount, rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  switch (method) {
    case "personal_sign":
      return account.signMessage({ message: { raw: params[0] as Hex } });
    case "eth_signTypedData_v4": {
      // viem derives the domain type itself and refuses it among the types.
      const { types: { EIP712Domain: _domain, ...types }, ...typed } = JSON.parse(params[1] as string) as TypedDataDefinition & { types: Record<string, unknown> };
      return account.signTypedData({ ...typed, types } as TypedDataDefinition);
    }
    case "eth_sendTransaction": {
      const tx = params[0] as TransactionParams;
      const client = createWalletClient({ account, transport: http(rpcUrl) });
      return client.sendTransaction({
        chain: null,
        ...(tx.to ? { to: tx.to } : {}),
        ...(tx.value ? { value: BigInt(tx.value) } : {}),
        ...(tx.data ? { data: tx.data } : {}),
        ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
      });
    }
    case "wallet_switchEthereumChain": {
      if (Number((params[0] as { chainId: string }).chainId) !== DEVNET_CHAIN_ID) throw rpcError(4902, `The dev wallet only knows the devnet (chain ${DEVNET_CHAIN_ID})`);
      return null;
    }
    default:
      return forwardToDevnet(rpcUrl, method, params);
  }
}

/** One line a person can judge a request by before approving it. */
export function describeRequest(method: string, params: unknown[]): string {
  switch (method) {
    case "personal_sign": {
      const raw = params[0] as Hex;
      return isHex(raw) ? `Sign the message “${hexToString(raw)}”` : `Sign ${String(raw)}`;
    }
    case "eth_signTypedData_v4": {
      const typed = JSON.parse(params[1] as string) as { primaryType?: string; domain?: { name?: string } };
      return `Sign typed data ${typed.primaryType ?? ""} for ${typed.domain?.name ?? "an unnamed domain"}`;
    }
    case "eth_sendTransaction": {
      const tx = params[0] as TransactionParams;
      return `Send ${tx.value ? BigInt(tx.value) : 0n} wei to ${tx.to ?? "a new contract"}${tx.data && tx.data !== "0x" ? " with data" : ""}`;
    }
    default:
      return `${method} ${JSON.stringify(params)}`;
  }
}

export const errorOf = (error: unknown): RpcError => ({
  code: typeof (error as { code?: unknown })?.code === "number" ? (error as RpcError).code : -32603,
  message: error instanceof Error ? error.message : String(error),
});
