import { getEmbeddedSigner } from "latch-kit";
import { useAction, useKit } from "latch-kit/react";
import { addPasskey } from "./actions/addPasskey";
import { removePasskey } from "./actions/removePasskey";
import { renamePasskey } from "./actions/renamePasskey";

/** Adds a passkey to the signed-in user, then refreshes the listed auth methods. */
export function useAddPasskey() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction(async () => {
    const added = await addPasskey(kit);
    await getEmbeddedSigner(kit).listAuthMethods();
    return added;
  });
  return {
    /** Adds a passkey to the user; it lands in `added`, a failure in `error`. */
    addPasskey: run,
    /** Adds a passkey and returns the promise of it. */
    addPasskeyAsync: runAsync,
    isAddingPasskey: isPending,
    error,
    added: data,
  };
}

/** Removes one of the user's passkeys, then refreshes the listed auth methods. */
export function useRemovePasskey() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(async (authenticatorId: string) => {
    await removePasskey(kit, { authenticatorId });
    await getEmbeddedSigner(kit).listAuthMethods();
  });
  return {
    /** Removes a passkey (`{ authenticatorId }`); a failure lands in `error`. */
    removePasskey: run,
    /** Removes a passkey and returns the promise of it. */
    removePasskeyAsync: runAsync,
    isRemovingPasskey: isPending,
    error,
  };
}

/** Renames one of the user's passkeys, then refreshes the listed auth methods. */
export function useRenamePasskey() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(async (params: { authenticatorId: string; name: string }) => {
    await renamePasskey(kit, params);
    await getEmbeddedSigner(kit).listAuthMethods();
  });
  return {
    /** Renames a passkey (`{ authenticatorId, name }`); a failure lands in `error`. */
    renamePasskey: run,
    /** Renames a passkey and returns the promise of it. */
    renamePasskeyAsync: runAsync,
    isRenamingPasskey: isPending,
    error,
  };
}
