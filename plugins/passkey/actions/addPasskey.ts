import { getEmbeddedSigner, LatchError, type AbortOptions, type Kit } from "latch-kit";
import { ceremony, rpIdOf } from "../ceremony";
import { createPasskeyCredential, toPasskeyError } from "../credential";
import { passkeyName } from "../../../wire/passkey-name";

/** The added passkey's authenticator id. */
export interface AddPasskeyReturnType {
  authenticatorId: string;
}

/** Adds a passkey (named after the browser, system and day, e.g. 'Chrome on Linux, 26 Nov 2026') to the signed-in user, through the key-management API. */
export async function addPasskey(kit: Kit, options: AbortOptions = {}): Promise<AddPasskeyReturnType> {
  const signer = getEmbeddedSigner(kit);
  const user = signer.requireUser();
  const userName = user.email ?? user.phone ?? user.address;
  const passkey = await ceremony(kit, (signal) => createPasskeyCredential({ rpId: rpIdOf(kit), userName, signal }), options.signal).catch((e) => {
    throw toPasskeyError(e);
  });
  const authenticatorName = passkeyName(typeof navigator === "undefined" ? undefined : navigator.userAgent, Date.now());
  // Adding a way in needs a fresh proof when the sign-in is not recent (step-up): asked for, then sent again.
  const activity = await signer.stepUp(() =>
    signer.keyManagement.submitActivity("create_authenticators", {
      type: "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
      timestampMs: signer.nextTimestampMs(),
      organizationId: user.orgId,
      parameters: {
        userId: user.userId,
        authenticators: [{ authenticatorName, challenge: passkey.challenge, authenticatorUserId: passkey.authenticatorUserId, attestation: passkey.attestation }],
      },
    }, options),
    options,
  );
  const ids = activity.result.createAuthenticatorsResult?.authenticatorIds;
  if (!ids?.[0]) throw new LatchError("Failed to add passkey");
  return { authenticatorId: ids[0] };
}
