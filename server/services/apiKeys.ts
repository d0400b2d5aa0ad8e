// `submit/create_api_keys`: a signed-in user registers API keys of their own (a server's, a
// script's) to their organisation; each then stamps requests as a session's key does.
import { createHash } from "node:crypto";
import { MAX_API_KEYS_PER_ORGANIZATION, operationRequests } from "../../wire/operation-requests";
import { badRequest, conflict, forbidden, notFound } from "../errors";
import { keyOperation, type KeyOperation } from "../method";
import * as s from "../schemas";
import { countLiveApiKeys, deleteApiKeys, insertApiKeyIfNew, listApiKeyPublicKeys } from "../store/apiKeys";
import type { UserRow } from "../store/users";
import { lockUser } from "./signInMethods";

export { MAX_API_KEYS_PER_ORGANIZATION, MAX_API_KEYS_PER_REQUEST } from "../../wire/operation-requests";

const createApiKeysBody = operationRequests["submit/create_api_keys"];
const deleteApiKeysBody = operationRequests["submit/delete_api_keys"];

/** An API key's id: a name-based UUID of its public key (the key is the table's identity). */
export function apiKeyIdOf(publicKey: string): string {
  const hex = createHash("sha256").update(`api-key:${publicKey.toLowerCase()}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const apiKeyOperations: Record<string, KeyOperation> = {
  "submit/create_api_keys": keyOperation(createApiKeysBody, async (_c, ctx, body, user, record) => {
    requireSameUser(user, body.parameters.userId);
    const keys = body.parameters.apiKeys.map((key) => ({ ...key, publicKey: key.publicKey.toLowerCase() }));
    if (new Set(keys.map((key) => key.publicKey)).size !== keys.length) {
      throw badRequest("DUPLICATE_API_KEY", "parameters.apiKeys names the same public key twice");
    }
    const now = ctx.now();
    const activity = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.orgId);
      const live = await countLiveApiKeys(tx, user.orgId, now);
      if (live + keys.length > MAX_API_KEYS_PER_ORGANIZATION) {
        throw badRequest(
          "TOO_MANY_API_KEYS",
          `An organization holds at most ${MAX_API_KEYS_PER_ORGANIZATION} valid API keys; ${user.orgId} has ${live}, and ${keys.length} more were asked for`,
        );
      }
      for (const key of keys) {
        const seconds = key.expirationSeconds ?? s.MAX_EXPIRATION_SECONDS;
        const fresh = await insertApiKeyIfNew(tx, { publicKey: key.publicKey, orgId: user.orgId, name: key.apiKeyName, expiresAt: now + seconds * 1000 }, now);
        if (!fresh) throw conflict("API_KEY_EXISTS", `The API key ${key.publicKey} is registered already`);
      }
      // Answers PENDING once before COMPLETED, so clients' activity polling runs.
      return record(tx, { type: body.type, orgId: user.orgId, result: { createApiKeysResult: { apiKeyIds: keys.map((key) => apiKeyIdOf(key.publicKey)) } }, pendingPolls: 1 });
    });
    return { activity };
  }, { stepUp: true }),
  // Deleting a key removes its row: every instance reads keys from the database on each stamp, so
  // the key's next stamp is refused everywhere (UNKNOWN_API_KEY), the session's own key included.
  "submit/delete_api_keys": keyOperation(deleteApiKeysBody, async (_c, ctx, body, user, record) => {
    requireSameUser(user, body.parameters.userId);
    const ids = [...new Set(body.parameters.apiKeyIds.map((id) => id.toLowerCase()))];
    const activity = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.orgId);
      const byId = new Map((await listApiKeyPublicKeys(tx, user.orgId)).map((publicKey) => [apiKeyIdOf(publicKey), publicKey]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) throw notFound("API_KEY_NOT_FOUND", `No API key ${missing.join(", ")} in organization ${user.orgId}`);
      await deleteApiKeys(tx, user.orgId, ids.map((id) => byId.get(id)!));
      return record(tx, { type: body.type, orgId: user.orgId, result: { deleteApiKeysResult: { apiKeyIds: ids } }, pendingPolls: 0 });
    });
    return { activity };
  }),
};

function requireSameUser(user: UserRow, userId: string): void {
  if (userId !== user.userId) throw forbidden("USER_NOT_IN_ORGANIZATION", `User ${userId} is not the user of organization ${user.orgId}`);
}
