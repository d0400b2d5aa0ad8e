import type { AuthenticatePayload } from "latch-kit";
import { signMessage, signTypedData, type SignMessageParameters, type SignTypedDataParameters } from "latch-kit";
import { useKit } from "../context";
import { useAction } from "./useAction";

/** `authenticate(payload)`: its promise settles once the code is sent, or once signed in for a code. */
export function useAuthenticate() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction((payload: AuthenticatePayload) => kit.authenticate(payload));
  return { authenticate: run, authenticateAsync: runAsync, isPending, error };
}

export function useLogout() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(() => kit.disconnect());
  return { logout: run, logoutAsync: runAsync, isPending, error };
}

export function useSignMessage() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction((params: SignMessageParameters) => signMessage(kit, params));
  return { signMessage: run, signMessageAsync: runAsync, signedMessage: data, isPending, error };
}

export function useSignTypedData() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction((params: SignTypedDataParameters) => signTypedData(kit, params));
  return { signTypedData: run, signTypedDataAsync: runAsync, signedTypedData: data, isPending, error };
}
