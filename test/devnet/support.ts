// Shared set-up of the devnet tests: the kit's clients pointed at a devnet started by the test file.
import { type Address, type Chain, type Hex, type PublicClient, type Transport, createPublicClient, createTestClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  type AccountParams,
  type AccountType,
  DEVNET_POLICY_ID,
  type LatchSmartAccount,
  type SmartAccountClient,
  type SmartAccountClientConfig,
  createSmartAccountClient,
  devnetChain,
  latchTransport,
  ownerFromAccount,
  toSmartAccountOfType,
} from "../../core/chain";
import type { Devnet } from "../../server/devnet";

export interface Kit {
  chain: Chain;
  transport: Transport;
  publicClient: PublicClient<Transport, Chain>;
}

export function kitFor(devnet: Devnet): Kit {
  const chain = devnetChain({
    chainId: devnet.chainId,
    rpcUrl: devnet.rpcUrl,
    bundlerUrl: devnet.bundlerUrl,
    paymasterUrl: devnet.paymasterUrl,
    factories: devnet.factories,
  });
  const transport = latchTransport({ rpcUrl: devnet.rpcUrl, apiKey: "devnet-key" });
  return { chain, transport, publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }) };
}

/** Polls fast: the devnet mines a bundle within ~100 ms. */
export const FAST_RETRY = { txMaxRetries: 200, txRetryIntervalMs: 50, txRetryMultiplier: 1 } as const;

export function newOwner() {
  return privateKeyToAccount(generatePrivateKey());
}

export async function accountOf(
  kit: Kit,
  type: AccountType,
  owner: ReturnType<typeof newOwner>,
  params: AccountParams = {},
): Promise<LatchSmartAccount> {
  return await toSmartAccountOfType(type, { client: kit.publicClient, owner: ownerFromAccount(owner), ...params });
}

export function sponsoredClient(
  account: LatchSmartAccount,
  options: Omit<SmartAccountClientConfig, "account"> = {},
): SmartAccountClient {
  return createSmartAccountClient({ account, policyId: DEVNET_POLICY_ID, retry: FAST_RETRY, ...options });
}

export async function setBalance(devnet: Devnet, address: Address, value: bigint): Promise<void> {
  await createTestClient({ mode: "anvil", transport: http(devnet.rpcUrl) }).setBalance({ address, value });
}

/** A raw JSON-RPC call (the bundler's debug methods, the paymaster gate). */
export async function rpc(url: string, method: string, params: unknown[] = []): Promise<{ result?: unknown; error?: { message: string } }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { message: string } };
}

export const BURN: Address = "0x000000000000000000000000000000000000dEaD";
export const randomAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
export type { Hex };
