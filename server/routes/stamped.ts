import { Hono } from "hono";
import { type } from "arktype";
import {
  DEFAULT_ROOT_ORG_ID,
  REVOKE_SESSION_ACTIVITY,
  REVOKE_SESSION_OPERATION,
  SCOPED_SESSION_ACTIVITY,
  SCOPED_SESSION_OPERATION,
  SIGN_ONLY_SCOPE,
} from "../../wire/constants";
import { requests } from "../../wire/requests";
import type { ServerContext } from "../context";
import { parseJson, readBody, validateAsync } from "../validate";
import type { JsonRoute } from "../exchange/exchange";
import * as s from "../schemas";
import { rawPayloadBody } from "../schemas";
import { strip0x } from "../crypto/encoding";
import { signPayloadAs } from "../services/signPayload";
import { verifyStampedRequestWithStamp, verifyStampedUserRequest } from "../services/stamps/verify";
import { badRequest } from "../errors";
import { deleteApiKeys } from "../store/apiKeys";
import { prepareSession, registerSession } from "../services/sessions";
import { clearPasskeySession, markPasskeySession } from "../store/signedIn";

const stampedOnly = requests.whoami;

/** A passkey sign-in names the root organisation before the user is known: the credential decides. */
const whoamiBody = type({ organizationId: s.uuid.or(type.unit(DEFAULT_ROOT_ORG_ID)), "timestampMs?": "string | number" });

const revokeBody = type({ type: type.unit(REVOKE_SESSION_ACTIVITY), timestampMs: "string | number", organizationId: s.uuid });

const scopedSessionBody = type({
  type: type.unit(SCOPED_SESSION_ACTIVITY),
  timestampMs: "string | number",
  organizationId: s.uuid,
  parameters: { targetPublicKey: s.targetPublicKey, scope: type.unit(SIGN_ONLY_SCOPE), "expirationSeconds?": s.expirationSeconds },
});

/** sign_raw_payload's body: a NO_OP payload must be a 32-byte hash (the key-management route takes it too). */
export const signRawPayloadBody = rawPayloadBody.narrow((body, check) =>
  body.parameters.hashFunction !== "HASH_FUNCTION_NO_OP" || strip0x(body.parameters.payload).length === 64
    ? true
    : check.reject({ path: ["parameters", "payload"], expected: "a 32-byte hash (64 hex digits) for HASH_FUNCTION_NO_OP" }),
);

/**
 * The hot calls (a signature, a sign-in's whoami) as JSON routes: createApp mounts them in Hono and the
 * direct node:http path (server/exchange/direct.ts) serves the same handlers behind the same checks.
 */
export function stampedJsonRoutes(ctx: ServerContext): JsonRoute[] {
  const stampedRequestOf = async (text: string) => (await validateAsync(stampedOnly, parseJson(text))).stampedRequest;
  return [
    {
      path: "/whoami",
      async handle(text) {
        const stampedRequest = await stampedRequestOf(text);
        const { signer: user } = await verifyStampedUserRequest(ctx, stampedRequest, "query/whoami", whoamiBody);
        // A whoami stamped by a passkey is a passkey sign-in (sessions are stamped by their API key).
        if (stampedRequest.stamp.stampHeaderName.toLowerCase() === "x-stamp-webauthn") {
          ctx.observer.signIn("passkey");
          await markPasskeySession(ctx.db, user.orgId, ctx.now() + ctx.limits.defaultExpirationSeconds * 1000);
        }
        return {
          orgId: user.orgId,
          userId: user.userId,
          address: user.address,
          solanaAddress: user.solanaAddress,
          ...(user.email ? { email: user.email } : {}),
          ...(user.phone ? { phone: user.phone } : {}),
          // An account whose frame has not created its wallet yet (none) is, to the kit, a wallet split at this sign-in (pending); its addresses are empty until then.
          ...(user.custody && user.custody !== "server" ? { custody: user.custody === "none" ? "pending" : user.custody } : {}),
        };
      },
    },
    {
      path: "/sign-payload",
      async handle(text) {
        const stampedRequest = await stampedRequestOf(text);
        const { body, signer: user } = await verifyStampedUserRequest(ctx, stampedRequest, "submit/sign_raw_payload", signRawPayloadBody);
        return { signature: await signPayloadAs(ctx, user, body.parameters) };
      },
    },
  ];
}

/** The other calls acting for a signed-in user, authorised by a stamp over the body. */
export function stampedRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  // Logout. The row goes, and every instance reads a key's registration from the database on each
  // stamp (the verify-key cache only parses points), so the key's next stamp is 401 everywhere.
  app.post("/revoke-session", async (c) => {
    const { stampedRequest } = await readBody(c, requests["revoke-session"]);
    const { body, stamp } = await verifyStampedRequestWithStamp(ctx, stampedRequest, REVOKE_SESSION_OPERATION, revokeBody);
    if (!stamp.credential.startsWith(API_KEY_CREDENTIAL)) {
      throw badRequest("SESSION_KEY_REQUIRED", "Only a session's API key (X-Stamp) revokes itself; a passkey stamp has no session key to revoke");
    }
    // Logout also ends the organisation's passkey sign-in marker (the unstamped reads it allows).
    await ctx.db.transaction(async (tx) => {
      await deleteApiKeys(tx, body.organizationId, [stamp.credential.slice(API_KEY_CREDENTIAL.length)]);
      await clearPasskeySession(tx, body.organizationId);
    });
    return c.json({});
  });

  // A session narrowed to signing (services/stamps/scope.ts), sealed to a frame key: what the kit keeps
  // when its copy of the frame key lives in the app's storage. It never outlives the stamping credential,
  // and only a full key or a passkey may ask (the operation is no signing one).
  app.post("/scoped-session", async (c) => {
    const { stampedRequest } = await readBody(c, requests["scoped-session"]);
    const { body, stamp } = await verifyStampedRequestWithStamp(ctx, stampedRequest, SCOPED_SESSION_OPERATION, scopedSessionBody);
    const { targetPublicKey, expirationSeconds } = body.parameters;
    // It inherits the stamping credential's second factor (a passkey's stamp is two factors in itself).
    const secondFactor = stamp.secondFactorAt !== undefined || stamp.credential.startsWith("webauthn:");
    const grant = await prepareSession(ctx, targetPublicKey, expirationSeconds, { scope: "sign", notAfter: stamp.validUntil, secondFactor });
    await registerSession(ctx.db, ctx, body.organizationId, grant);
    return c.json({ credentialBundle: grant.credentialBundle, expiresAtMs: grant.expiresAt });
  });

  return app;
}

const API_KEY_CREDENTIAL = "api-key:";
