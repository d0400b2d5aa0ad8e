import { getEmbeddedSigner, LatchError, toUser, type Kit, type User } from "latch-kit";
import { lookupUser } from "../../../lib/sign-in/actions/lookupUser";
import { ceremony, passkeyStamper, rpIdOf } from "../ceremony";
import { createPasskeyCredential, isWebauthnSupported, toPasskeyError, WebauthnUnsupportedError } from "../credential";
import "../registry";

/** Passkey sign-in: with an existing passkey, or `createNew` for a new account with one. */
export interface AuthenticateWithPasskeyParameters {
  /** Create a new account (sign-up) rather than sign in with an existing passkey. */
  createNew: boolean;
  email?: string;
  /** Aborting closes the passkey prompt and rejects at once with the signal's reason. */
  signal?: AbortSignal;
}

/** The signed-in user. */
export type AuthenticateWithPasskeyReturnType = User;

/**
 * Passkey sign-in or sign-up: with an email, a known user signs in with a passkey and
 * an unknown one is created (createNew) or refused ('No user found'); without one, createNew makes
 * a new account and otherwise any passkey of this site signs in.
 */
export async function authenticateWithPasskey(kit: Kit, params: AuthenticateWithPasskeyParameters): Promise<AuthenticateWithPasskeyReturnType> {
  const signer = getEmbeddedSigner(kit);
  const isCurrent = signer.beginSignIn("AUTHENTICATING_PASSKEY", "passkey");
  try {
    if (!isWebauthnSupported()) throw new WebauthnUnsupportedError();
    const { signal } = params;
    const existing = params.email ? await lookupUser(signer, { email: params.email }, { signal }) : null;
    if (params.email && !existing && !params.createNew) throw new LatchError("No user found");
    if (existing || !params.createNew) return await signInWithPasskey(kit, isCurrent, { orgId: existing?.orgId, signal });
    const userName = params.email ?? `passkey-${Date.now()}`;
    const passkey = await ceremony(kit, (ceremonySignal) => createPasskeyCredential({ rpId: rpIdOf(kit), userName, signal: ceremonySignal }), signal);
    const { orgId } = await signer.client.request("signup", { passkey, ...(params.email ? { email: params.email } : {}) }, { signal });
    return await signInWithPasskey(kit, isCurrent, { orgId, credentialId: passkey.attestation.credentialId, isNewUser: true, signal });
  } catch (error) {
    throw signer.fail(toPasskeyError(error));
  }
}

/** Signs in by a WebAuthn-stamped whoami; the passkey then stamps every request of the session. */
async function signInWithPasskey(
  kit: Kit,
  isCurrent: () => boolean,
  params: { orgId?: string | undefined; credentialId?: string; isNewUser?: boolean; signal?: AbortSignal | undefined },
): Promise<User> {
  const { signal } = params;
  const signer = getEmbeddedSigner(kit);
  const body = JSON.stringify({ organizationId: params.orgId ?? signer.config.rootOrgId, timestampMs: signer.nextTimestampMs() });
  const stamp = await passkeyStamper(kit, params.credentialId).stamp(body, { signal });
  const credentialId = (JSON.parse(stamp.stampHeaderValue) as { credentialId: string }).credentialId;
  const answer = await signer.client.request("whoami", { stampedRequest: { url: `${signer.config.keyManagementUrl}/public/v1/query/whoami`, body, stamp } }, { signal });
  if (!isCurrent()) throw new LatchError("A newer sign-in replaced this one");
  const user: User = { ...toUser(answer), credentialId };
  signer.connectSession({ user, sessionType: "passkey", session: { credentialId }, stamper: passkeyStamper(kit, credentialId), isNewUser: params.isNewUser ?? false });
  kit.events.emit("connectedPasskey", user);
  // A wallet in split custody: the session opens its frame session and loads the shares now.
  return user.custody ? signer.custody.afterSignIn(user, { signal }) : user;
}
