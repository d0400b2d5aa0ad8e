// The test wallet: an EIP-1193 wallet living in the test process (a viem key; reads and sends go to
// a local anvil), injected into the page as an EIP-6963 provider whose requests cross over
// `page.exposeBinding`. Errors keep their EIP-1193 codes (4001 rejected, 4100 unauthorized, 4902 unknown chain).
import type { BrowserContext, Page } from "playwright-core";
import { createWalletClient, defineChain, hexToString, http, isHex, type Hex, type PrivateKeyAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";


export interface TestWalletInfo {
  name: string;
  rdns: string;
  uuid: string;
  icon: string;
}

interface RpcError {
  code: number;
  message: string;
}

type Answer = { result: unknown; events?: Array<[string, unknown]> } | { error: RpcError };

export class TestWallet {
  /** A fresh key per run (the tests fund it on the local node). */
  readonly account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());
  /** Every method the page asked for, in order. */
  readonly log: string[] = [];
  /** Methods the user will refuse once (4001). */
  readonly rejectNext = new Set<string>();
  /** Methods the wallet keeps waiting on (its prompt left open) until the promise settles. */
  readonly holdNext = new Map<string, Promise<void>>();
  /** Chains the wallet knows: id → RPC URL (reads and sends go there). */
  readonly chains = new Map<number, string>();
  chainId: number;
  /** Sites the wallet granted eth_accounts to. */
  private readonly permitted = new Set<string>();
  readonly info: TestWalletInfo = {
    name: "Latch Test Wallet",
    rdns: "dev.latch.testwallet",
    uuid: "8f4a7c2e-55a5-4f4b-9c1e-0d6b1f1f2a11",
    icon: "data:image/svg+xml;base64," + Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M8 11h16v12H8z" fill="#fff"/></svg>').toString("base64"),
  };

  constructor(chainId: number, rpcUrl: string) {
    this.chainId = chainId;
    this.chains.set(chainId, rpcUrl);
  }

  get address() {
    return this.account.address;
  }

  /** Lets the wallet be seen by pages of this context: the provider script and the request bridge. */
  async install(target: Page | BrowserContext): Promise<void> {
    await target.exposeBinding("__latchTestWalletRequest", async ({ frame }, json: string) => {
      const { method, params } = JSON.parse(json) as { method: string; params?: unknown[] };
      return JSON.stringify(await this.request(new URL(frame.url()).origin, method, params ?? []));
    });
    await target.addInitScript(providerScript, this.info);
  }

  async request(origin: string, method: string, params: unknown[]): Promise<Answer> {
    this.log.push(method);
    const hold = this.holdNext.get(method);
    if (hold) {
      this.holdNext.delete(method);
      await hold;
    }
    if (this.rejectNext.delete(method)) return { error: { code: 4001, message: "User rejected the request." } };
    const hex = (n: number) => `0x${n.toString(16)}`;
    const authorized = this.permitted.has(origin);
    try {
      switch (method) {
        case "eth_chainId":
          return { result: hex(this.chainId) };
        case "net_version":
          return { result: String(this.chainId) };
        case "eth_accounts":
          return { result: authorized ? [this.address] : [] };
        case "eth_requestAccounts":
          this.permitted.add(origin);
          return { result: [this.address], events: [["accountsChanged", [this.address]]] };
        case "wallet_requestPermissions":
          this.permitted.add(origin);
          return { result: [{ parentCapability: "eth_accounts", caveats: [{ type: "restrictReturnedAccounts", value: [this.address] }] }] };
        case "wallet_getPermissions":
          return { result: authorized ? [{ parentCapability: "eth_accounts" }] : [] };
        case "wallet_revokePermissions":
          this.permitted.delete(origin);
          return { result: null, events: [["accountsChanged", []]] };
        case "wallet_switchEthereumChain": {
          const id = Number((params[0] as { chainId: string }).chainId);
          if (!this.chains.has(id)) return { error: { code: 4902, message: `Unrecognized chain ID "${hex(id)}". Try adding the chain using wallet_addEthereumChain first.` } };
          this.chainId = id;
          return { result: null, events: [["chainChanged", hex(id)]] };
        }
        case "wallet_addEthereumChain": {
          const chain = params[0] as { chainId: string; rpcUrls?: string[] };
          const id = Number(chain.chainId);
          this.chains.set(id, chain.rpcUrls?.[0] ?? "");
          // Like the common wallets: an added chain becomes the current one.
          this.chainId = id;
          return { result: null, events: [["chainChanged", hex(id)]] };
        }
      }
      if (!authorized) return { error: { code: 4100, message: "The requested account and/or method has not been authorized by the user." } };
      switch (method) {
        case "personal_sign": {
          const [data] = params as [Hex];
          return { result: await this.account.signMessage({ message: isHex(data) ? { raw: data } : hexToString(data) }) };
        }
        case "eth_signTypedData_v4": {
          const [, json] = params as [string, string];
          const typed = JSON.parse(json);
          const { EIP712Domain: _domain, ...types } = typed.types;
          return { result: await this.account.signTypedData({ ...typed, types }) };
        }
        case "eth_sendTransaction": {
          const [tx] = params as [{ to: Hex; value?: Hex; data?: Hex; gas?: Hex }];
          const rpcUrl = this.chains.get(this.chainId)!;
          const chain = defineChain({ id: this.chainId, name: "test", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
          const client = createWalletClient({ account: this.account, chain, transport: http(rpcUrl) });
          const hash = await client.sendTransaction({
            to: tx.to,
            ...(tx.value ? { value: BigInt(tx.value) } : {}),
            ...(tx.data ? { data: tx.data } : {}),
            ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
          });
          return { result: hash };
        }
      }
      // Anything else is a read: the node of the current chain answers.
      const res = await fetch(this.chains.get(this.chainId)!, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      const body = (await res.json()) as { result?: unknown; error?: RpcError };
      return body.error ? { error: body.error } : { result: body.result };
    } catch (error) {
      return { error: { code: -32603, message: (error as Error).message } };
    }
  }
}

/** Runs in the page before its scripts: the EIP-1193 provider, announced over EIP-6963. */
function providerScript(info: TestWalletInfo) {
  type Handler = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Handler>>();
  const bridge = (window as unknown as { __latchTestWalletRequest: (json: string) => Promise<string> }).__latchTestWalletRequest;
  const provider = {
    isLatchTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const answer = JSON.parse(await bridge(JSON.stringify({ method, params }))) as {
        result?: unknown;
        error?: { code: number; message: string; data?: unknown };
        events?: Array<[string, unknown]>;
      };
      if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
      setTimeout(() => answer.events?.forEach(([event, data]) => listeners.get(event)?.forEach((h) => h(data))));
      return answer.result;
    },
    on(event: string, handler: Handler) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(handler);
      return provider;
    },
    removeListener(event: string, handler: Handler) {
      listeners.get(event)?.delete(handler);
      return provider;
    },
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info: Object.freeze({ ...info }), provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}
