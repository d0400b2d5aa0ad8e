import { useEffect, useState } from "react";
import { useAtomValue } from "jotai/react";
import type { Hash, Hex, SignableMessage, TypedDataDefinition } from "viem";
import {
  sendUserOperation,
  signMessage,
  signTypedData,
  waitForUserOperationTransaction,
  type AccountParams,
  type AccountType,
  type SmartAccountClient,
} from "latch-kit/chain";
import type { AbortOptions } from "latch-kit";
import { useAction, useKit, useKitAtom, type ActionCallbacks } from "latch-kit/react";
import type { UserOperation } from "viem/account-abstraction";
import { toUserOperationParameters, type SendUserOperationInput } from "./operation";
import { getSmartAccounts } from "./service";

/**
 * The smart-account client of a type for the signed-in user (null until connected and set up).
 * With `accountParams` (salt, owners, a known address…) it builds that account's own client.
 *
 * @example
 * const { client, address } = useSmartAccountClient({ type: "LightAccount" });
 */
export function useSmartAccountClient(params: { type?: AccountType; accountParams?: AccountParams } = {}) {
  const kit = useKit();
  const service = getSmartAccounts(kit);
  const clients = useAtomValue(service.clientsAtom, { store: kit.store });
  const error = useAtomValue(service.errorAtom, { store: kit.store });
  const user = useKitAtom((a) => a.user);
  const type = params.type ?? service.types[0]!;
  const paramsKey = params.accountParams ? JSON.stringify(params.accountParams, (_k, v) => (typeof v === "bigint" ? v.toString() : v)) : null;
  const [own, setOwn] = useState<{ key: string; client: SmartAccountClient | null; error: Error | null } | null>(null);
  useEffect(() => {
    if (!paramsKey || !user || user.type !== "sca") return;
    let current = true;
    service.clientFor(user, type, params.accountParams).then(
      (client) => current && setOwn({ key: `${type}:${paramsKey}`, client, error: null }),
      (thrown: unknown) => current && setOwn({ key: `${type}:${paramsKey}`, client: null, error: thrown instanceof Error ? thrown : new Error(String(thrown)) }),
    );
    return () => {
      current = false;
    };
    // The params object is compared by its content (paramsKey), not its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [service, user, type, paramsKey]);
  if (paramsKey) {
    const mine = own?.key === `${type}:${paramsKey}` ? own : null;
    return { client: mine?.client ?? null, address: mine?.client?.account.address ?? null, isLoadingClient: !mine && !!user, error: mine?.error ?? null };
  }
  const client = clients?.[type] ?? null;
  return { client, address: client?.account.address ?? null, isLoadingClient: !clients && !error && !!user, error };
}

/** The account address of a type. */
export function useAccount(params: { type?: AccountType } = {}): {
  account: SmartAccountClient["account"] | null;
  address: `0x${string}` | null;
  isLoadingAccount: boolean;
} {
  const { client, address, isLoadingClient } = useSmartAccountClient(params);
  return { account: client?.account ?? null, address, isLoadingAccount: isLoadingClient };
}

/** The smart accounts' chain: `{ chain }`. */
export function useChain() {
  const kit = useKit();
  return { chain: getSmartAccounts(kit).config.chain };
}

/**
 * A sent user operation. `hash` means what it means in Account Kit: with `waitForTxn`, the hash of the
 * transaction that included the operation (for explorer links); without it, the user operation's hash.
 */
export interface SendUserOperationResult {
  hash: Hash;
  /** The user operation's hash (what a bundler's `eth_getUserOperationReceipt` takes). */
  userOperationHash: Hash;
  /** The transaction that included it, when waited for (then the same as `hash`). */
  transactionHash?: Hash;
  /** The operation as sent: keep it to drop and replace it. */
  request: UserOperation<"0.7">;
}

/** Options of {@link useSendUserOperation}: the client, whether to wait for the transaction, and react-query style callbacks. */
export type UseSendUserOperationArgs = {
  client: SmartAccountClient | null | undefined;
  waitForTxn?: boolean;
} & ActionCallbacks<SendUserOperationInput & AbortOptions, SendUserOperationResult>;

/**
 * Sends a user operation (one call or a batch), sponsored when the kit has a policy; optionally waits for it.
 * Takes the kit's `{ calls }` or Account Kit's `{ uo: { target, data, value } }` (or an array of them).
 *
 * @example
 * const { client } = useSmartAccountClient();
 * const { sendUserOperation, sendUserOperationResult } = useSendUserOperation({ client, waitForTxn: true, onSuccess: ({ hash }) => console.log(hash) });
 * sendUserOperation({ uo: { target, data, value: 0n } });
 */
export function useSendUserOperation(params: UseSendUserOperationArgs) {
  const { client, waitForTxn, ...callbacks } = params;
  const { run, runAsync, isPending, error, data } = useAction(async ({ signal, ...input }: SendUserOperationInput & AbortOptions): Promise<SendUserOperationResult> => {
    if (!client) throw new Error("The smart account client is not ready");
    const { hash, request } = await sendUserOperation(client, toUserOperationParameters(input as SendUserOperationInput), { signal });
    if (!waitForTxn) return { hash, userOperationHash: hash, request };
    const transactionHash = await waitForUserOperationTransaction(client, { hash }, { signal });
    return { hash: transactionHash, userOperationHash: hash, transactionHash, request };
  }, callbacks);
  return {
    /** Sends `{ calls }` or `{ uo }` (with an optional `signal` to give up); the result lands in `sendUserOperationResult`, a failure in `error`. */
    sendUserOperation: run,
    /** Sends the user operation and returns the promise of its result. */
    sendUserOperationAsync: runAsync,
    sendUserOperationResult: data,
    isSendingUserOperation: isPending,
    error,
  };
}

/** Signs through the smart account (ERC-1271; ERC-6492 before deployment). */
export function useSmartAccountSignMessage(params: { client: SmartAccountClient | null }) {
  const { run, runAsync, isPending, error, data } = useAction(async ({ message, signal }: { message: SignableMessage } & AbortOptions): Promise<Hex> => {
    if (!params.client) throw new Error("The smart account client is not ready");
    return signMessage(params.client, { message }, { signal });
  });
  return {
    /** Signs `{ message }` as the smart account; it lands in `signedMessage`, a failure in `error`. */
    signMessage: run,
    /** Signs the message and returns the promise of the signature. */
    signMessageAsync: runAsync,
    signedMessage: data,
    isSigningMessage: isPending,
    error,
  };
}

// The return type is written out so the published .d.ts names `TypedDataDefinition` instead of
// viem's expansion of it (which names abitype, a package the kit does not depend on).
/** Signs EIP-712 typed data through the smart account (ERC-1271; ERC-6492 before deployment). */
export function useSmartAccountSignTypedData(params: { client: SmartAccountClient | null }): {
  /** Signs the typed data as the smart account; it lands in `signedTypedData`, a failure in `error`. */
  signTypedData: (typedData: TypedDataDefinition) => void;
  /** Signs the typed data and returns the promise of the signature. */
  signTypedDataAsync: (typedData: TypedDataDefinition) => Promise<Hex>;
  signedTypedData: Hex | undefined;
  isSigningTypedData: boolean;
  error: Error | null;
} {
  const { run, runAsync, isPending, error, data } = useAction(async (typedData: TypedDataDefinition): Promise<Hex> => {
    if (!params.client) throw new Error("The smart account client is not ready");
    return signTypedData(params.client, typedData as never);
  });
  return { signTypedData: run, signTypedDataAsync: runAsync, signedTypedData: data, isSigningTypedData: isPending, error };
}
