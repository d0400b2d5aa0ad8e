import { getEmbeddedSigner, type Kit } from "latch-kit";

/** The passkey (authenticator id) to rename, and its new name (1 to 256 characters). */
export interface RenamePasskeyParameters {
  authenticatorId: string;
  name: string;
  /** Aborting rejects at once with the signal's reason and stops the requests. */
  signal?: AbortSignal;
}

/** Renames one of the signed-in user's passkeys (e.g. 'Chrome on Linux, 26 Nov 2026' → 'Work laptop'). */
export async function renamePasskey(kit: Kit, params: RenamePasskeyParameters): Promise<void> {
  const signer = getEmbeddedSigner(kit);
  const user = signer.requireUser();
  await signer.keyManagement.submitActivity("update_authenticator_name", {
    type: "ACTIVITY_TYPE_UPDATE_AUTHENTICATOR_NAME",
    timestampMs: signer.nextTimestampMs(),
    organizationId: user.orgId,
    parameters: { userId: user.userId, authenticatorId: params.authenticatorId, authenticatorName: params.name.trim() },
  }, { signal: params.signal });
}
