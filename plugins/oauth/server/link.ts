import { type } from "arktype";
import { requests } from "../../../wire/requests";
import {
  badRequest,
  conflict,
  deleteOauthProviders,
  displayNameOf,
  findOauthProvider,
  forbidden,
  insertOauthProvider,
  listOauthProviders,
  lockUser,
  notFound,
  post,
  requireNonceFor,
  requireSignInMethodLeft,
  requireUser,
  schemas as s,
  verifyJwt,
  verifyStampedRequestWithStamp,
  requireFreshProof,
  type LinkedProvider,
  type OauthProviderRow,
  type Sql,
} from "../../../server/method-kit";
import { prepareOauth } from "./flow";

const prepareBody = requests["prepare-oauth"];
const stampedOnly = requests["add-oauth-provider"];

const createProvidersBody = type({
  type: "'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS'",
  timestampMs: "string | number",
  organizationId: s.uuid,
  parameters: {
    userId: s.uuid,
    oauthProviders: type({ providerName: "string > 0", oidcToken: "string > 0" }).array().atLeastLength(1).atMostLength(10),
  },
});

const deleteProvidersBody = type({
  type: "'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS'",
  timestampMs: "string | number",
  organizationId: s.uuid,
  parameters: { userId: s.uuid, providerIds: s.uuid.array().atLeastLength(1).atMostLength(50) },
});

const toWire = (row: OauthProviderRow) => ({
  providerId: row.providerId,
  issuer: row.issuer,
  providerName: row.providerName,
  ...(row.userDisplayName ? { userDisplayName: row.userDisplayName } : {}),
});

/** Linked identities: list-auth-methods shows them, and the "keep one way to sign in" rule counts them. */
export async function linkedOauthProviders(sql: Sql, orgId: string): Promise<LinkedProvider[]> {
  return (await listOauthProviders(sql, orgId)).map(toWire);
}

/** Social sign-in preparation, and linking / unlinking identities to a signed-in user (stamped). */
export const oauthRoutes = [
  post("/prepare-oauth", prepareBody, async (_c, { nonce }, ctx) => {
    return prepareOauth(ctx, nonce);
  }),

  post("/add-oauth-provider", stampedOnly, async (_c, { stampedRequest }, ctx) => {
    const { body, stamp } = await verifyStampedRequestWithStamp(ctx, stampedRequest, "submit/create_oauth_providers", createProvidersBody);
    const user = await requireUser(ctx, body.organizationId);
    if (body.parameters.userId !== user.userId) throw forbidden("USER_NOT_IN_ORGANIZATION", `User ${body.parameters.userId} is not in organization ${user.orgId}`);
    // Adding a way in needs a fresh proof: a stolen session must not link the thief's provider.
    await requireFreshProof(ctx, user.orgId, stamp);
    // A token links only to the session of the frame key it names: a victim's leaked id token links nowhere.
    const frameKey = stamp.frameKey;
    if (!frameKey) {
      throw badRequest("SESSION_KEY_REQUIRED", "Linking a provider must be stamped by a session key (X-Stamp) whose frame key the id token's nonce names");
    }
    // Verify every token before linking any: one bad token links nothing.
    const verified = await Promise.all(
      body.parameters.oauthProviders.map(async (p) => {
        const checked = await verifyJwt(ctx, p.oidcToken);
        requireNonceFor(checked.claims, frameKey, "id token");
        return { ...p, ...checked };
      }),
    );
    const added = await ctx.db.transaction(async (tx) => {
      const rows: OauthProviderRow[] = [];
      for (const { providerName, claims, issuer } of verified) {
        const row: OauthProviderRow = {
          providerId: crypto.randomUUID(),
          orgId: user.orgId,
          issuer: issuer.issuer,
          subject: claims.sub,
          providerName,
          userDisplayName: displayNameOf(claims),
        };
        if (await insertOauthProvider(tx, row, ctx.now())) {
          rows.push(row);
          continue;
        }
        const existing = (await findOauthProvider(tx, issuer.issuer, claims.sub))!;
        if (existing.orgId !== user.orgId) {
          throw conflict("OAUTH_PROVIDER_IN_USE", `This ${providerName} identity is already linked to another account`);
        }
        rows.push(existing); // linking twice is a no-op
      }
      return rows;
    });
    return { oauthProviders: added.map(toWire) };
  }),

  post("/remove-oauth-provider", stampedOnly, async (_c, { stampedRequest }, ctx) => {
    const { body, stamp } = await verifyStampedRequestWithStamp(ctx, stampedRequest, "submit/delete_oauth_providers", deleteProvidersBody);
    const user = await requireUser(ctx, body.organizationId);
    if (body.parameters.userId !== user.userId) throw forbidden("USER_NOT_IN_ORGANIZATION", `User ${body.parameters.userId} is not in organization ${user.orgId}`);
    await requireFreshProof(ctx, user.orgId, stamp);
    const wanted = [...new Set(body.parameters.providerIds)];
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.orgId);
      const deleted = await deleteOauthProviders(tx, user.orgId, wanted);
      const missing = wanted.filter((id) => !deleted.includes(id));
      if (missing.length > 0) throw notFound("OAUTH_PROVIDER_NOT_FOUND", `No linked provider ${missing.join(", ")} in organization ${user.orgId}`);
      await requireSignInMethodLeft(ctx, tx, user.orgId);
    });
    return {};
  }),
];
