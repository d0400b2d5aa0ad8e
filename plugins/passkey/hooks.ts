import { getEmbeddedSigner } from "latch-kit";
import { useAction, useKit } from "latch-kit/react";

/** Adds a passkey to the signed-in user, then refreshes the listed auth methods. */
export function useAddPasskey() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction(async () => {
    const signer = getEmbeddedSigner(kit);
    const added = await signer.addPasskey();
    await signer.listAuthMethods();
    return added;
  });
  return { addPasskey: run, addPasskeyAsync: runAsync, isAddingPasskey: isPending, error, added: data };
}

/** Removes one of the user's passkeys, then refreshes the listed auth methods. */
export function useRemovePasskey() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(async (authenticatorId: string) => {
    const signer = getEmbeddedSigner(kit);
    await signer.removePasskey(authenticatorId);
    await signer.listAuthMethods();
  });
  return { removePasskey: run, removePasskeyAsync: runAsync, isRemovingPasskey: isPending, error };
}
