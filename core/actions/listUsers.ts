import { untilAborted, type AbortOptions } from "../abort";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/service";

/** A user of the signed-in organisation as the key-management API lists it. */
export interface KeyManagementUser {
  userId: string;
  userName: string;
  userEmail?: string;
  userPhoneNumber?: string;
  authenticators: Array<{ authenticatorId: string; authenticatorName: string; credentialId: string }>;
  apiKeys: Array<{ apiKeyId: string; apiKeyName: string; credential: { publicKey: string; type: string }; expirationSeconds?: string }>;
  oauthProviders: Array<{ providerId: string; providerName: string; issuer: string; subject: string }>;
}

/**
 * Lists the users of the signed-in user's organisation (`query/list_users`), with their passkeys,
 * API keys and linked providers.
 *
 * @example
 * const [me] = await listUsers(kit);
 * console.log(me.apiKeys.map((key) => key.apiKeyName));
 */
export async function listUsers(kit: Kit, options: AbortOptions = {}): Promise<KeyManagementUser[]> {
  options.signal?.throwIfAborted();
  const signer = getEmbeddedSigner(kit);
  const user = signer.requireUser();
  const answer = signer.keyManagement.request("query/list_users", { organizationId: user.orgId, timestampMs: signer.nextTimestampMs() }, options);
  return (await untilAborted(answer, options.signal)).users;
}
