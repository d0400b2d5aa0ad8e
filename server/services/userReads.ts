// `query/list_users` and `query/get_user`: an organisation's user (each organisation has one) with
// its contacts, passkeys, valid API keys and linked providers, as key-management answers show users.
import { operationRequests } from "../../wire/operation-requests";
import type { ServerContext } from "../context";
import { notFound } from "../errors";
import { keyOperation, type KeyOperation } from "../method";
import { listLiveApiKeys } from "../store/apiKeys";
import { listAuthenticators } from "../store/authenticators";
import { listOauthProviders } from "../store/oauthProviders";
import type { UserRow } from "../store/users";
import { apiKeyIdOf } from "./apiKeys";
import { authenticatorJson } from "./passkeys";
import { wireTimestamp } from "./wireTimestamp";

const listUsersBody = operationRequests["query/list_users"];
const getUserBody = operationRequests["query/get_user"];

async function userJson(ctx: ServerContext, user: UserRow) {
  const now = ctx.now();
  const [authenticators, apiKeys, providers] = await Promise.all([
    listAuthenticators(ctx.db, user.orgId),
    listLiveApiKeys(ctx.db, user.orgId, now),
    listOauthProviders(ctx.db, user.orgId),
  ]);
  return {
    userId: user.userId,
    userName: user.email ?? user.phone ?? user.userId,
    ...(user.email ? { userEmail: user.email } : {}),
    ...(user.phone ? { userPhoneNumber: user.phone } : {}),
    authenticators: authenticators.map(authenticatorJson),
    apiKeys: apiKeys.map((key) => ({
      apiKeyId: apiKeyIdOf(key.publicKey),
      apiKeyName: key.name,
      credential: { publicKey: key.publicKey, type: "CREDENTIAL_TYPE_API_KEY_P256" },
      expirationSeconds: String(Math.max(0, Math.floor((key.expiresAt - key.createdAt) / 1000))),
      createdAt: wireTimestamp(key.createdAt),
      updatedAt: wireTimestamp(key.createdAt),
    })),
    oauthProviders: providers.map((p) => ({ providerId: p.providerId, providerName: p.providerName, issuer: p.issuer, subject: p.subject })),
    userTags: [],
  };
}

export const userReadOperations: Record<string, KeyOperation> = {
  "query/list_users": keyOperation(listUsersBody, async (_c, ctx, _body, user) => ({ users: [await userJson(ctx, user)] })),
  "query/get_user": keyOperation(getUserBody, async (_c, ctx, { userId }, user) => {
    if (userId !== user.userId) throw notFound("USER_NOT_FOUND", `No user ${userId} in organization ${user.orgId}`);
    return { user: await userJson(ctx, user) };
  }),
};
