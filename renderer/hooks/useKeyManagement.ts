import {
  createApiKey,
  createWalletAccounts,
  deleteApiKeys,
  listWallets,
  type AbortOptions,
  type CreateApiKeyParameters,
  type CreateWalletAccountsParameters,
  type DeleteApiKeysParameters,
} from "latch-kit";
import { useKit } from "../context";
import { useAction } from "./useAction";

/**
 * Registers an API key to the signed-in user's organisation: `{ createApiKey, isPending, error, data }`.
 *
 * @example
 * const { createApiKey } = useCreateApiKey();
 * const { apiKeyId } = await createApiKey({ name: "backend", publicKey, expirationSec: 3600 });
 */
export function useCreateApiKey() {
  const kit = useKit();
  const { runAsync, isPending, error, data } = useAction((params: CreateApiKeyParameters, options?: AbortOptions) => createApiKey(kit, params, options));
  return {
    /** Registers the key and returns the promise of `{ apiKeyId }`. */
    createApiKey: runAsync,
    isPending,
    error,
    data,
  };
}

/**
 * Deletes API keys of the signed-in user's organisation by id: `{ deleteApiKeys, isPending, error, data }`.
 *
 * @example
 * const { deleteApiKeys } = useDeleteApiKeys();
 * await deleteApiKeys({ apiKeyIds: [apiKeyId] });
 */
export function useDeleteApiKeys() {
  const kit = useKit();
  const { runAsync, isPending, error, data } = useAction((params: DeleteApiKeysParameters, options?: AbortOptions) => deleteApiKeys(kit, params, options));
  return {
    /** Deletes the keys and returns the promise of `{ apiKeyIds }`. */
    deleteApiKeys: runAsync,
    isPending,
    error,
    data,
  };
}

/**
 * Adds accounts to one of the signed-in user's wallets: `{ createWalletAccounts, isPending, error, data }`.
 *
 * @example
 * const { createWalletAccounts } = useCreateWalletAccounts();
 * const [address] = await createWalletAccounts({ walletId, accounts: [{ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", addressFormat: "ADDRESS_FORMAT_ETHEREUM" }] });
 */
export function useCreateWalletAccounts() {
  const kit = useKit();
  const { runAsync, isPending, error, data } = useAction((params: CreateWalletAccountsParameters, options?: AbortOptions) => createWalletAccounts(kit, params, options));
  return {
    /** Adds the accounts and returns the promise of their addresses. */
    createWalletAccounts: runAsync,
    isPending,
    error,
    data,
  };
}

/**
 * Lists the signed-in user's wallets (the default one, then imported ones): `{ listWallets, isPending, error, wallets }`.
 *
 * @example
 * const { listWallets, wallets } = useListWallets();
 * useEffect(() => void listWallets(), [listWallets]);
 */
export function useListWallets() {
  const kit = useKit();
  const { runAsync, isPending, error, data } = useAction((options?: AbortOptions) => listWallets(kit, options));
  return {
    /** Reads the wallets and returns the promise of them. */
    listWallets: runAsync,
    isPending,
    error,
    /** The wallets the last read found. */
    wallets: data,
  };
}
