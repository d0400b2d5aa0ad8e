// Playground only: browser wallets to try the wallet section with, announced over EIP-6963 like an
// installed extension would. Each holds one of the devnet's public test keys (anvil's mnemonic,
// worthless by design), signs locally, and sends everything else to the devnet node.
import type { HDAccount } from "viem/accounts";
import type { Hex, TypedDataDefinition } from "viem";
import { DEVNET_CHAIN_ID, devKeyAccount } from "./devnet-keys";
import { forwardToDevnet, rpcError } from "./devnet-rpc";

const WALLETS = [
  { name: "Dev Wallet A", index: 7, color: "#2563eb" },
  { name: "Dev Wallet B", index: 8, color: "#16a34a" },
  { name: "Dev Wallet C", index: 9, color: "#db2777" },
];

type Handler = (...args: unknown[]) => void;

function icon(color: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${color}"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/**
 * Whether the page may see the wallet's account, kept in localStorage like an extension keeps the sites it
 * connected to: after a reload the kit finds the account again (eth_accounts) and reconnects by itself.
 */
function authorization(index: number) {
  const key = `latch-playground:dev-wallet-${index}:authorized`;
  return {
    get: (): boolean => {
      try {
        return localStorage.getItem(key) === "1";
      } catch {
        return false;
      }
    },
    set: (value: boolean): void => {
      try {
        if (value) localStorage.setItem(key, "1");
        else localStorage.removeItem(key);
      } catch {
        // Storage blocked: the authorization lasts until the page reloads.
      }
    },
  };
}

function devProvider(account: HDAccount, index: number, rpcUrl: string) {
  const listeners = new Map<string, Set<Handler>>();
  const remembered = authorization(index);
  let authorized = remembered.get();
  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case "eth_requestAccounts":
        case "wallet_requestPermissions":
          authorized = true;
          remembered.set(true);
          return method === "eth_requestAccounts" ? [account.address] : [{ parentCapability: "eth_accounts" }];
        case "eth_accounts":
          return authorized ? [account.address] : [];
        case "wallet_revokePermissions":
          authorized = false;
          remembered.set(false);
          return null;
        case "eth_chainId":
          return `0x${DEVNET_CHAIN_ID.toString(16)}`;
        case "net_version":
          return String(DEVNET_CHAIN_ID);
        case "wallet_switchEthereumChain": {
          const id = Number((params as [{ chainId: string }])[0].chainId);
          if (id !== DEVNET_CHAIN_ID) throw rpcError(4902, "Dev wallets only know the devnet (chain 31337)");
          return null;
        }
        case "personal_sign": {
          const [data] = params as [Hex, string];
          return account.signMessage({ message: { raw: data } });
        }
        case "eth_signTypedData_v4": {
          const [, json] = params as [string, string];
          return account.signTypedData(JSON.parse(json) as TypedDataDefinition);
        }
        default:
          // anvil has these keys unlocked: it signs and sends transactions itself.
          return forwardToDevnet(rpcUrl, method, params);
      }
    },
    on(event: string, handler: Handler) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(handler);
    },
    removeListener(event: string, handler: Handler) {
      listeners.get(event)?.delete(handler);
    },
  };
}

let installed: (() => void) | null = null;

/** Announces the dev wallets (and answers every EIP-6963 request) until switched off. */
export function setDevWallets(on: boolean, rpcUrl: string): void {
  if (!on) {
    installed?.();
    installed = null;
    return;
  }
  if (installed || typeof window === "undefined") return;
  const details = WALLETS.map(({ name, index, color }) => {
    const account = devKeyAccount(index);
    return Object.freeze({
      info: { uuid: `latch-dev-wallet-${index}`, name, rdns: `dev.latch.wallet${index}`, icon: icon(color, name.at(-1) ?? "W") },
      provider: devProvider(account, index, rpcUrl),
    });
  });
  const announce = () => details.forEach((detail) => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail })));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
  installed = () => window.removeEventListener("eip6963:requestProvider", announce);
}

export const DEV_WALLET_NAMES = WALLETS.map((w) => w.name);
