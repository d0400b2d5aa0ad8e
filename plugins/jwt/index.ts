import { defineAuthenticator, definePlugin, embeddedSignerPlugin, type LatchPlugin } from "latch-kit";
import { mfaPlugin } from "../../lib/mfa/plugin";
import { authenticateWithJwt } from "./authenticate";
import "./registry";

/**
 * Custom JWT sign-in: `kit.authenticate({ type: "custom-jwt", jwt, authProviderId })` for apps whose
 * own auth issues JWTs (the backend trusts the issuer's JWKS). The JWT must carry
 * `nonce` = `await getJwtNonce(kit)` (hex sha256 of the auth frame's key). No section: the app signs in for the
 * user, e.g. with `useAuthenticateWithJwt` after its own login.
 */
export const jwt = (): LatchPlugin =>
  definePlugin({
    id: "jwt",
    requires: [embeddedSignerPlugin, mfaPlugin],
    authenticators: [defineAuthenticator("custom-jwt", (payload, kit) => authenticateWithJwt(kit, payload))],
  });

export { authenticateWithJwt, getJwtNonce, type AuthenticateWithJwtParameters, type AuthenticateWithJwtReturnType } from "./authenticate";
export { useAuthenticateWithJwt } from "./hooks";
export { decodeJwtClaims } from "../../lib/jwt/claims";
