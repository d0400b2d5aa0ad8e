import type { AuthenticatePayload } from "latch-kit";
import { signMessage, signTypedData, type SignMessageParameters, type SignTypedDataParameters, type SignTypedDataReturnType } from "latch-kit";
import { useKit } from "../context";
import { useAction } from "./useAction";

/**
 * `authenticate(payload)`: its promise settles once the code is sent, or once signed in for a code.
 *
 * @example
 * const { authenticate, isPending, error } = useAuthenticate();
 * authenticate({ type: "email", email: "ada@example.com" }); // then the code: { type: "otp", otpCode }
 */
export function useAuthenticate() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction((payload: AuthenticatePayload) => kit.authenticate(payload));
  return {
    /** Signs in with a payload (`{ type: "email", email }`, …); a failure lands in `error`. */
    authenticate: run,
    /** Signs in and returns the promise of it. */
    authenticateAsync: runAsync,
    isPending,
    error,
  };
}

/**
 * Signs the user out: `{ logout, logoutAsync, isPending, error }`.
 *
 * @example
 * const { logout } = useLogout();
 * return <button onClick={() => logout()}>Sign out</button>;
 */
export function useLogout() {
  const kit = useKit();
  const { run, runAsync, isPending, error } = useAction(() => kit.disconnect());
  return {
    /** Signs the user out; a failure lands in `error`. */
    logout: run,
    /** Signs the user out and returns the promise of it. */
    logoutAsync: runAsync,
    isPending,
    error,
  };
}

/**
 * Signs a message as the signed-in user (the owner key, or the external wallet).
 *
 * @example
 * const { signMessageAsync } = useSignMessage();
 * const signature = await signMessageAsync({ message: "hello" });
 */
export function useSignMessage() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction((params: SignMessageParameters) => signMessage(kit, params));
  return {
    /** Signs `{ message }`; the signature lands in `signedMessage`, a failure in `error`. */
    signMessage: run,
    /** Signs the message and returns the promise of the signature. */
    signMessageAsync: runAsync,
    signedMessage: data,
    isPending,
    error,
  };
}

// The return type is written out so the published .d.ts names `SignTypedDataParameters` instead of
// viem's expansion of it (which names abitype, a package the kit does not depend on).
/** Signs EIP-712 typed data as the signed-in user (the owner key, or the external wallet). */
export function useSignTypedData(): {
  /** Signs the typed data; the signature lands in `signedTypedData`, a failure in `error`. */
  signTypedData: (params: SignTypedDataParameters) => void;
  /** Signs the typed data and returns the promise of the signature. */
  signTypedDataAsync: (params: SignTypedDataParameters) => Promise<SignTypedDataReturnType>;
  signedTypedData: SignTypedDataReturnType | undefined;
  isPending: boolean;
  error: Error | null;
} {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction((params: SignTypedDataParameters) => signTypedData(kit, params));
  return { signTypedData: run, signTypedDataAsync: runAsync, signedTypedData: data, isPending, error };
}
