// A wagmi connector whose account is the signed-in Latch user: wagmi's actions and hooks
// (getAccount/useAccount, signMessage/useSignMessage, sendTransaction/useSendTransaction) sign with
// Latch. Latch keeps the session; the connector only reflects it.
import { ChainNotConfiguredError, createConnector } from "@wagmi/core";
import { SwitchChainError, UnauthorizedProviderError, fromHex, numberToHex, type Address, type Chain, type Hex, type TypedDataDefinition } from "viem";
import type { Kit } from "latch-kit";
import { LATCH_CONNECTOR_TYPE } from "../../lib/wallets/embedded-connector";
import { connectedAccount, defaultTransport, readyAccount, requireAccount, type LatchWagmiAccount, type TransactionRequest } from "./accounts";

/** Options of {@link latchConnector}: the kit, and which of the user's accounts wagmi sees. */
export interface LatchConnectorOptions {
  kit: Kit;
  /** Which account wagmi sees (default `"owner"`, the embedded key); a smart account needs the smart-accounts plugin. */
  account?: LatchWagmiAccount;
}

export type LatchRequest = (args: { method: string; params?: unknown }) => Promise<unknown>;

/** The connector's EIP-1193 provider. */
export interface LatchProvider {
  request: LatchRequest;
}

export { LATCH_CONNECTOR_TYPE };

/** wagmi's storage key for "the user disconnected this connector" (the one its injected connector uses, by id). */
export const DISCONNECTED_KEY = "latch.disconnected";

interface RpcTransaction {
  to?: Address;
  data?: Hex;
  value?: Hex;
}

/**
 * @example
 * const config = createConfig({ chains: [mainnet], connectors: [latchConnector({ kit })], transports: { [mainnet.id]: http() } });
 * syncLatchToWagmi(config, kit); // wagmi connects when the user signs in to Latch, and disconnects with them
 */
export function latchConnector({ kit, account: which = "owner" }: LatchConnectorOptions) {
  let chainId: number | undefined;

  return createConnector<LatchProvider>((config) => {
    const chainOf = (id: number | undefined): Chain => config.chains.find((c) => c.id === id) ?? config.chains[0];
    const transportOf = (chain: Chain) => {
      const transport = config.transports?.[chain.id];
      return transport ?? defaultTransport(chain);
    };
    const addresses = (): Address[] => {
      const account = connectedAccount(kit, which);
      return account ? [account.address] : [];
    };

    const request: LatchRequest = async ({ method, params }) => {
      const chain = chainOf(chainId);
      const args = (params ?? []) as unknown[];
      switch (method) {
        case "eth_chainId":
          return numberToHex(chain.id);
        case "eth_accounts":
          return addresses();
        case "eth_requestAccounts":
          try {
            return [(await readyAccount(kit, which)).address];
          } catch (error) {
            throw new UnauthorizedProviderError(error instanceof Error ? error : new Error("Sign in with Latch first"));
          }
        case "personal_sign":
          return await requireAccount(kit, which).signMessage(args[0] as Hex);
        case "eth_signTypedData_v4": {
          const typedData = (typeof args[1] === "string" ? JSON.parse(args[1]) : args[1]) as TypedDataDefinition;
          return await requireAccount(kit, which).signTypedData(typedData);
        }
        case "eth_sendTransaction": {
          const tx = args[0] as RpcTransaction;
          const transaction: TransactionRequest = {
            ...(tx.to ? { to: tx.to } : {}),
            ...(tx.data ? { data: tx.data } : {}),
            ...(tx.value ? { value: fromHex(tx.value, "bigint") } : {}),
          };
          return await requireAccount(kit, which).sendTransaction(transaction, chain, transportOf(chain));
        }
        case "wallet_switchEthereumChain": {
          const next = fromHex((args[0] as { chainId: Hex }).chainId, "number");
          if (!config.chains.some((c) => c.id === next)) throw new SwitchChainError(new ChainNotConfiguredError());
          chainId = next;
          config.emitter.emit("change", { chainId: next });
          return null;
        }
        default:
          // Reads go to the chain's node.
          return await transportOf(chain)({ chain }).request({ method, params } as never);
      }
    };

    return {
      id: "latch",
      name: "Latch",
      type: LATCH_CONNECTOR_TYPE,
      async setup() {
        kit.events.on("disconnected", () => config.emitter.emit("disconnect"));
      },
      async connect({ chainId: wanted } = {}) {
        const accounts = await request({ method: "eth_requestAccounts" });
        chainId = chainOf(wanted ?? chainId).id;
        await config.storage?.removeItem(DISCONNECTED_KEY);
        return { accounts: accounts as never, chainId };
      },
      async disconnect() {
        // Signing out stays Latch's: disconnecting wagmi does not end the Latch session. As wagmi's own
        // connectors do, it is remembered, so a reload does not reconnect until the user connects again.
        await config.storage?.setItem(DISCONNECTED_KEY, true);
      },
      async getAccounts() {
        return addresses();
      },
      async getChainId() {
        return chainOf(chainId).id;
      },
      async getProvider() {
        return { request };
      },
      async isAuthorized() {
        if (await config.storage?.getItem(DISCONNECTED_KEY)) return false;
        return addresses().length > 0;
      },
      async switchChain({ chainId: next }) {
        await request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(next) }] });
        return chainOf(next);
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) config.emitter.emit("disconnect");
        else config.emitter.emit("change", { accounts: accounts as Address[] });
      },
      onChainChanged(chain) {
        config.emitter.emit("change", { chainId: Number(chain) });
      },
      onDisconnect() {
        config.emitter.emit("disconnect");
      },
    };
  });
}
