import { getEmbeddedSigner, type Kit } from "latch-kit";

/** The passkey (authenticator id) to remove. */
export interface RemovePasskeyParameters {
  authenticatorId: string;
  /** Aborting rejects at once with the signal's reason and stops the requests. */
  signal?: AbortSignal;
}

/** Removes one of the signed-in user's passkeys (after a step-up the kit asks for). */
export async function removePasskey(kit: Kit, params: RemovePasskeyParameters): Promise<void> {
  const signer = getEmbeddedSigner(kit);
  const user = signer.requireUser();
  const options = params.signal ? { signal: params.signal } : {};
  // Removing a passkey needs a fresh proof beside the session (step-up): asked for, then sent again.
  await signer.stepUp(() =>
    signer.keyManagement.submitActivity("delete_authenticators", {
      type: "ACTIVITY_TYPE_DELETE_AUTHENTICATORS",
      timestampMs: signer.nextTimestampMs(),
      organizationId: user.orgId,
      parameters: { userId: user.userId, authenticatorIds: [params.authenticatorId] },
    }, options), options);
}
