import { untilAborted, type AbortOptions } from "../abort";
import { LatchError } from "../errors";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/service";

/** The API keys to delete, by the ids {@link createApiKey} answered. */
export interface DeleteApiKeysParameters {
  apiKeyIds: string[];
}

/** The ids the backend deleted. */
export interface DeleteApiKeysReturnType {
  apiKeyIds: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes API keys of the signed-in user's organisation (`ACTIVITY_TYPE_DELETE_API_KEYS`); a
 * deleted key's stamps are refused from then on. Deleting the session's own key signs it out of
 * the backend (its next call is refused).
 *
 * @example
 * const { apiKeyId } = await createApiKey(kit, { name: "backend", publicKey, expirationSec: 3600 });
 * await deleteApiKeys(kit, { apiKeyIds: [apiKeyId!] });
 */
export async function deleteApiKeys(kit: Kit, params: DeleteApiKeysParameters, options: AbortOptions = {}): Promise<DeleteApiKeysReturnType> {
  options.signal?.throwIfAborted();
  const { apiKeyIds } = params ?? {};
  if (!Array.isArray(apiKeyIds) || apiKeyIds.length === 0 || !apiKeyIds.every((id) => typeof id === "string" && UUID.test(id))) {
    throw new LatchError("deleteApiKeys needs apiKeyIds: a non-empty list of API key ids (UUIDs)");
  }
  const signer = getEmbeddedSigner(kit);
  const user = signer.requireUser();
  const submitted = signer.keyManagement.submitActivity(
    "delete_api_keys",
    { type: "ACTIVITY_TYPE_DELETE_API_KEYS", timestampMs: signer.nextTimestampMs(), organizationId: user.orgId, parameters: { userId: user.userId, apiKeyIds } },
    options,
  );
  const activity = await untilAborted(submitted, options.signal);
  return { apiKeyIds: activity.result.deleteApiKeysResult?.apiKeyIds ?? apiKeyIds };
}
