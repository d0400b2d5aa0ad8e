// An EIP-1193 provider announced over EIP-6963 for happy-dom tests: accounts, chains, signing stubs,
// and errors with their EIP-1193 codes (4001 rejected, 4902 unknown chain).
type Handler = (...args: unknown[]) => void;

export interface FakeWallet {
  provider: { request(args: { method: string; params?: unknown }): Promise<unknown>; on(e: string, h: Handler): void; removeListener(e: string, h: Handler): void };
  requests: string[];
  rejectNext: Set<string>;
  /** Methods that fail once with this EIP-1193 code. */
  failNext: Map<string, number>;
  /** While set, the wallet waits on it before answering a connect (the user has not decided yet). */
  gate?: Promise<void>;
  chainId: number;
  knownChains: Set<number>;
  authorized: boolean;
  announce(): void;
}

export function fakeEip6963Wallet({ name, rdns, address, chainId = 1, answerRequests = true }: { name: string; rdns: string; address: string; chainId?: number; answerRequests?: boolean }): FakeWallet {
  const listeners = new Map<string, Set<Handler>>();
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((h) => h(...args));
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
  const wallet: FakeWallet = {
    requests: [],
    rejectNext: new Set(),
    failNext: new Map(),
    chainId,
    knownChains: new Set([chainId]),
    authorized: false,
    provider: {
      async request({ method, params }) {
        wallet.requests.push(method);
        if (wallet.rejectNext.delete(method)) throw rpcError(4001, "User rejected the request.");
        const failCode = wallet.failNext.get(method);
        if (failCode !== undefined && wallet.failNext.delete(method)) throw rpcError(failCode, `${method} failed`);
        const hex = `0x${wallet.chainId.toString(16)}`;
        switch (method) {
          case "wallet_requestPermissions":
            await wallet.gate;
            wallet.authorized = true;
            return [{ parentCapability: "eth_accounts", caveats: [{ type: "restrictReturnedAccounts", value: [address] }] }];
          case "eth_requestAccounts":
            wallet.authorized = true;
            return [address];
          case "eth_accounts":
            return wallet.authorized ? [address] : [];
          case "wallet_revokePermissions":
            wallet.authorized = false;
            return null;
          case "eth_chainId":
            return hex;
          case "wallet_switchEthereumChain": {
            const id = Number((params as [{ chainId: string }])[0].chainId);
            if (!wallet.knownChains.has(id)) throw rpcError(4902, "Unrecognized chain ID");
            wallet.chainId = id;
            emit("chainChanged", `0x${id.toString(16)}`);
            return null;
          }
          case "wallet_addEthereumChain": {
            const id = Number((params as [{ chainId: string }])[0].chainId);
            wallet.knownChains.add(id);
            wallet.chainId = id;
            emit("chainChanged", `0x${id.toString(16)}`);
            return null;
          }
          case "personal_sign":
            return `0x${"11".repeat(65)}`;
          case "eth_signTypedData_v4":
            return `0x${"22".repeat(65)}`;
          default:
            throw rpcError(4200, `Unsupported method ${method}`);
        }
      },
      on(event, handler) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(handler);
      },
      removeListener(event, handler) {
        listeners.get(event)?.delete(handler);
      },
    },
    announce() {
      const info = { uuid: `uuid-${rdns}`, name, rdns, icon: "data:image/svg+xml;base64,PHN2Zy8+" };
      window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider: wallet.provider }) }));
    },
  };
  if (answerRequests) window.addEventListener("eip6963:requestProvider", () => wallet.announce());
  return wallet;
}
