// The WalletConnect wallet peer of the tests: @reown/walletkit in this process, on the local relay.
// It pairs through a URI (read from the page's QR code), approves the session proposal for its
// account, and signs or rejects session requests with a viem key.
import { Core } from "@walletconnect/core";
import { WalletKit, type WalletKitTypes } from "@reown/walletkit";
import type { Hex, PrivateKeyAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

/** Keeps the peer's state in memory (nothing written to disk by a test). */
class MemoryStorage {
  private readonly map = new Map<string, unknown>();
  async getKeys() {
    return [...this.map.keys()];
  }
  async getEntries<T>() {
    return [...this.map.entries()] as [string, T][];
  }
  async getItem<T>(key: string) {
    return this.map.get(key) as T | undefined;
  }
  async setItem<T>(key: string, value: T) {
    this.map.set(key, value);
  }
  async removeItem(key: string) {
    this.map.delete(key);
  }
}

export interface WcWalletPeer {
  account: PrivateKeyAccount;
  kit: InstanceType<typeof WalletKit>;
  /** Methods of session requests received, in order. */
  requests: string[];
  /** Refuse the next session request of this method (WalletConnect 'User rejected.', 5000). */
  rejectNext: Set<string>;
  /** Reject the next session proposal. */
  rejectProposal: boolean;
  pair(uri: string): Promise<void>;
  close(): Promise<void>;
}

const METHODS = ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "wallet_switchEthereumChain", "wallet_addEthereumChain"];

export async function startWcWallet({ relayUrl, projectId, chainIds }: { relayUrl: string; projectId: string; chainIds: number[] }): Promise<WcWalletPeer> {
  // Offline, the SDK's Verify step would wait for a hosted iframe; its test switch skips it.
  process.env.IS_VITEST = "true";
  const account = privateKeyToAccount(generatePrivateKey());
  const core = new Core({ projectId, relayUrl, storage: new MemoryStorage(), logger: "error", telemetryEnabled: false, customStoragePrefix: `latch-test-${Date.now()}` });
  const kit = await WalletKit.init({ core, metadata: { name: "Latch WC Test Wallet", description: "test wallet", url: "http://localhost", icons: [] } });
  const peer: WcWalletPeer = {
    account,
    kit,
    requests: [],
    rejectNext: new Set(),
    rejectProposal: false,
    pair: (uri) => kit.pair({ uri }),
    async close() {
      for (const session of Object.values(kit.getActiveSessions())) {
        await kit.disconnectSession({ topic: session.topic, reason: { code: 6000, message: "test over" } }).catch(() => {});
      }
      await core.relayer.transportClose().catch(() => {});
    },
  };

  kit.on("session_proposal", async (proposal: WalletKitTypes.SessionProposal) => {
    if (peer.rejectProposal) {
      peer.rejectProposal = false;
      await kit.rejectSession({ id: proposal.id, reason: { code: 5000, message: "User rejected." } });
      return;
    }
    const chains = chainIds.map((id) => `eip155:${id}`);
    await kit.approveSession({
      id: proposal.id,
      namespaces: {
        eip155: { chains, methods: METHODS, events: ["chainChanged", "accountsChanged"], accounts: chains.map((c) => `${c}:${account.address}`) },
      },
    });
  });

  kit.on("session_request", async (event: WalletKitTypes.SessionRequest) => {
    const { topic, id, params } = event;
    const { method, params: args } = params.request as { method: string; params: unknown[] };
    peer.requests.push(method);
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      kit.respondSessionRequest({ topic, response: { id, jsonrpc: "2.0", ...response } as never });
    if (peer.rejectNext.delete(method)) return respond({ error: { code: 5000, message: "User rejected." } });
    switch (method) {
      case "personal_sign":
        return respond({ result: await account.signMessage({ message: { raw: args[0] as Hex } }) });
      case "eth_signTypedData_v4": {
        const typed = JSON.parse(args[1] as string);
        const { EIP712Domain: _domain, ...types } = typed.types;
        return respond({ result: await account.signTypedData({ ...typed, types }) });
      }
      default:
        return respond({ error: { code: 4200, message: `Unsupported method ${method}` } });
    }
  });
  return peer;
}
