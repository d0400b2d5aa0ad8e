import { createHash } from "node:crypto";
import type { Schema, SchemaOutput } from "../../standardSchema";
import type { StampedBody } from "../../../wire/routes";
import { badRequest, notFound, unauthorized } from "../../errors";
import type { ServerContext } from "../../context";
import { claimOnce } from "../../store/usedTokens";
import { claimOnceLoadingSigner, claimWithApiKeyLoadingSigner, type SignerRow } from "../../store/users";
import { checkApiKeyRegistration } from "./apiKeyStamp";
import { validate } from "../../validate";
import { apiKeyStamp } from "./apiKeyStamp";
import type { StampScheme, VerifiedStamp } from "./scheme";
import type { Operation } from "./operation";
import { webauthnStamp } from "./webauthnStamp";
import { isRootOrganization } from "./rootOrganization";
import { capabilityOf, checkScope, type Capability } from "./scope";

/** Schemes by lower-case header name: API keys (`X-Stamp`) and passkeys (`X-Stamp-Webauthn`). */
const schemes = new Map<string, StampScheme>([
  [apiKeyStamp.headerName.toLowerCase(), apiKeyStamp],
  [webauthnStamp.headerName.toLowerCase(), webauthnStamp],
]);

export function registerStampScheme(scheme: StampScheme): void {
  schemes.set(scheme.headerName.toLowerCase(), scheme);
}

export interface StampedRequest {
  url: string;
  body: string;
  stamp: { stampHeaderName: string; stampHeaderValue: string };
}

export type { Operation } from "./operation";

export type { StampedBody };

/**
 * Checks a stamped request before acting on it: the url names the operation, the body parses and fits
 * its schema, the stamp verifies and its credential belongs to `organizationId`, `timestampMs` is recent,
 * and the body was never used before. Only a request that passes every check is recorded (for replay).
 * The answer's `organizationId` is the credential's organisation (a passkey may be stamped for the root one).
 */
export async function verifyStampedRequest<S extends Schema<unknown, StampedBody>>(
  ctx: ServerContext,
  request: StampedRequest,
  operation: Operation,
  bodySchema: S,
  options: StampedRequestOptions = {},
): Promise<SchemaOutput<S>> {
  return (await verifyStampedRequestWithStamp(ctx, request, operation, bodySchema, options)).body;
}

/** What a route says about its stamped request beyond the operation. */
export interface StampedRequestOptions {
  /**
   * What the request does, when the operation alone does not tell (the MFA changes are stamped as
   * sign_raw_payload): `manage` refuses a sign-only session key. Default: `capabilityOf(operation)`.
   */
  capability?: Capability;
}

/** verifyStampedRequest, also answering what the stamp proved (its credential, a session's frame key). */
export async function verifyStampedRequestWithStamp<S extends Schema<unknown, StampedBody>>(
  ctx: ServerContext,
  request: StampedRequest,
  operation: Operation,
  bodySchema: S,
  options: StampedRequestOptions = {},
): Promise<{ body: SchemaOutput<S>; stamp: VerifiedStamp }> {
  const capability = options.capability ?? capabilityOf(operation);
  const { body, stamp } = await verifyWith(ctx, request, operation, bodySchema, false, capability, async (fingerprint, keepUntil) => ({
    claimed: await claimOnce(ctx.db, fingerprint, keepUntil!),
    loaded: undefined,
  }));
  return { body, stamp };
}

/**
 * The same checks for a request acting on the user's wallet (whoami, signing): the replay record is
 * written and the user with their sealed keys read in one statement. 404 when the organisation has no user.
 */
export async function verifyStampedUserRequest<S extends Schema<unknown, StampedBody>>(
  ctx: ServerContext,
  request: StampedRequest,
  operation: Operation,
  bodySchema: S,
): Promise<{ body: SchemaOutput<S>; signer: SignerRow; stamp: VerifiedStamp }> {
  const { body, loaded, stamp: verified } = await verifyWith(ctx, request, operation, bodySchema, true, capabilityOf(operation), async (fingerprint, keepUntil, orgId, stamp) => {
    if (stamp.pendingApiKey === undefined) {
      const { claimed, signer } = await claimOnceLoadingSigner(ctx.db, fingerprint, keepUntil!, orgId);
      return { claimed, loaded: signer };
    }
    const now = ctx.now();
    // An organisation id that is no UUID (the root organisation's) has no API keys.
    if (!UUID.test(orgId)) checkApiKeyRegistration(undefined, orgId, now);
    const { claimed, apiKey, signer } = await claimWithApiKeyLoadingSigner(ctx.db, { hash: fingerprint, keepUntil, orgId, apiKey: stamp.pendingApiKey, now });
    checkApiKeyRegistration(apiKey, orgId, now);
    checkScope(apiKey.scope, capabilityOf(operation), operation);
    // What the registration says of the key, as a looked-up stamp carries it (the second factor's time decides what a split wallet releases).
    Object.assign(
      stamp,
      { validUntil: apiKey.expiresAt },
      apiKey.frameKey ? { frameKey: apiKey.frameKey } : {},
      apiKey.scope ? { scope: apiKey.scope } : {},
      apiKey.secondFactorAt !== null ? { secondFactorAt: apiKey.secondFactorAt } : {},
    );
    return { claimed, loaded: signer };
  });
  if (!loaded) throw notFound("USER_NOT_FOUND", `No user in organization ${body.organizationId}`);
  return { body, signer: loaded, stamp: verified };
}

async function verifyWith<S extends Schema<unknown, StampedBody>, L>(
  ctx: ServerContext,
  request: StampedRequest,
  operation: Operation,
  bodySchema: S,
  deferApiKeyLookup: boolean,
  capability: Capability,
  /** `keepUntil` null: as long as the stamp's pending API key is valid. */
  claim: (fingerprint: string, keepUntil: number | null, organizationId: string, stamp: VerifiedStamp) => Promise<{ claimed: boolean; loaded: L }>,
): Promise<{ body: SchemaOutput<S>; loaded: L; stamp: VerifiedStamp }> {
  checkOperation(request.url, operation);
  const parsed: StampedBody & SchemaOutput<S> = validate(bodySchema, parseBody(request.body), "stampedRequest.body");
  if (isRootOrganization(parsed.organizationId) && operation !== "query/whoami") {
    throw badRequest("INVALID_REQUEST", `stampedRequest.body.organizationId names the root organization: only a sign-in (whoami) may`);
  }
  const scheme = schemes.get(request.stamp.stampHeaderName.toLowerCase());
  if (!scheme) throw badRequest("UNSUPPORTED_STAMP", `Unsupported stamp header ${request.stamp.stampHeaderName}`);
  const stamp = await scheme.verify(ctx, { body: request.body, headerValue: request.stamp.stampHeaderValue, organizationId: parsed.organizationId, deferApiKeyLookup });
  // A deferred key's scope is read with its registration, in the claim (verifyStampedUserRequest).
  checkScope(stamp.scope, capability, operation);
  const timed = parsed.timestampMs !== undefined;
  if (timed) checkTimestamp(ctx, parsed.timestampMs!);
  else if (operation.startsWith("submit/")) throw badRequest("INVALID_REQUEST", "stampedRequest.body.timestampMs is required");
  const body = stamp.organizationId && stamp.organizationId !== parsed.organizationId ? { ...parsed, organizationId: stamp.organizationId } : parsed;
  // A timed body is unique by itself; an untimed read is unique per signature (so one captured stamp cannot be replayed).
  const fingerprint = createHash("sha256")
    .update(`${stamp.credential}\n${request.body}${timed ? "" : `\n${stamp.signatureTag}`}`)
    .digest("hex");
  const keepUntil = timed ? ctx.now() + 2 * ctx.limits.stampMaxSkewMs : stamp.pendingApiKey === undefined ? stamp.validUntil : null;
  const { claimed, loaded } = await claim(`stamp:${fingerprint}`, keepUntil, body.organizationId, stamp);
  if (!claimed) throw unauthorized("REPLAYED_REQUEST", "This stamped request was already used (replayed body)");
  return { body, loaded, stamp };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkOperation(url: string, operation: Operation): void {
  let path: string;
  try {
    path = new URL(url, "http://emulator.invalid").pathname;
  } catch {
    path = url;
  }
  if (!path.endsWith(`/public/v1/${operation}`)) {
    throw badRequest("WRONG_OPERATION", `stampedRequest.url must name /public/v1/${operation} for this route (was ${url})`);
  }
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest("INVALID_REQUEST", "stampedRequest.body must be a JSON string");
  }
}

function checkTimestamp(ctx: ServerContext, timestampMs: string | number): void {
  const ts = Number(timestampMs);
  if (!Number.isFinite(ts)) throw badRequest("INVALID_REQUEST", "stampedRequest.body.timestampMs must be a number of milliseconds");
  if (Math.abs(ctx.now() - ts) > ctx.limits.stampMaxSkewMs) {
    throw unauthorized("STALE_REQUEST", "stampedRequest.body.timestampMs is too far from now; stamp a fresh request");
  }
}
