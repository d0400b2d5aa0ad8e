import { useAction, useKit } from "latch-kit/react";
import { authenticateWithJwt, type AuthenticateWithJwtParameters } from "./authenticate";

/**
 * For apps that bring their own auth: sign the kit in with the app's JWT (`auth-jwt`), e.g. right
 * after the app's own login. `{ authenticateWithJwt, authenticateWithJwtAsync, isPending, error, user }`.
 *
 * @example
 * const { authenticateWithJwtAsync } = useAuthenticateWithJwt();
 * const nonce = await getJwtNonce(kit); // put it in your JWT's nonce claim
 * await authenticateWithJwtAsync({ jwt, authProviderId: "my-issuer" });
 */
export function useAuthenticateWithJwt() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction((params: AuthenticateWithJwtParameters) => authenticateWithJwt(kit, params));
  return {
    /** Signs in with `{ jwt, authProviderId }`; the user lands in `user`, a failure in `error`. */
    authenticateWithJwt: run,
    /** Signs in and returns the promise of the user. */
    authenticateWithJwtAsync: runAsync,
    isPending,
    error,
    user: data,
  };
}
