import { useAction, useKit } from "latch-kit/react";
import { addOauthProvider, removeOauthProvider, type AddOauthProviderParameters } from "./actions";

/**
 * Links a social provider to the signed-in user; the list from `useListAuthMethods` refreshes.
 * `addOauthProvider` with a social config opens the popup: call it in the click handler.
 */
export function useAddOauthProvider() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction((params: AddOauthProviderParameters) => addOauthProvider(kit, params));
  return {
    /** Links a provider to the user; it lands in `addedProvider`, a failure in `error`. */
    addOauthProvider: run,
    /** Links a provider and returns the promise of it. */
    addOauthProviderAsync: runAsync,
    isAddingOauthProvider: isPending,
    error,
    addedProvider: data,
  };
}

/** Unlinks a provider (by providerId); the list from `useListAuthMethods` refreshes. */
export function useRemoveOauthProvider() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction((providerId: string) => removeOauthProvider(kit, providerId));
  return {
    /** Unlinks a provider from the user; a failure lands in `error`. */
    removeOauthProvider: run,
    /** Unlinks a provider and returns the promise of it. */
    removeOauthProviderAsync: runAsync,
    isRemovingOauthProvider: isPending,
    error,
  };
}
