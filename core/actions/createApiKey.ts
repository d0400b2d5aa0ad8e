import { untilAborted, type AbortOptions } from "../abort";
import { LatchError } from "../errors";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/service";

/** The API key to register: its name, its public key (compressed P-256, hex) and how long it lives. */
export interface CreateApiKeyParameters {
  name: string;
  /** Compressed P-256 public key, hex (66 digits, `02…` or `03…`); the caller keeps the private key. */
  publicKey: string;
  /** Seconds the key stays valid (the backend allows at most 30 days). */
  expirationSec: number;
}

/** The created key's id, when the backend names it. */
export interface CreateApiKeyReturnType {
  apiKeyId?: string;
}

/**
 * Registers an API key to the signed-in user's organisation (`ACTIVITY_TYPE_CREATE_API_KEYS_V2`),
 * polling the activity until it completes; the key can then stamp requests as the user.
 *
 * @example
 * const { apiKeyId } = await createApiKey(kit, { name: "backend", publicKey: "02ab…", expirationSec: 3600 });
 */
export async function createApiKey(kit: Kit, params: CreateApiKeyParameters, options: AbortOptions = {}): Promise<CreateApiKeyReturnType> {
  options.signal?.throwIfAborted();
  checkParameters(params);
  const signer = getEmbeddedSigner(kit);
  const user = signer.requireUser();
  // A new API key needs a fresh proof beside the session (step-up): asked for, then sent again.
  const submitted = signer.stepUp(() =>
    signer.keyManagement.submitActivity(
      "create_api_keys",
      {
        type: "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
        timestampMs: signer.nextTimestampMs(),
        organizationId: user.orgId,
        parameters: {
          userId: user.userId,
          apiKeys: [{ apiKeyName: params.name, publicKey: params.publicKey, curveType: "API_KEY_CURVE_P256", expirationSeconds: String(params.expirationSec) }],
        },
      },
      options,
    ), options);
  // submitActivity returns only a completed activity (ACTIVITY_STATUS_COMPLETED): that is success, whatever the result holds.
  const activity = await untilAborted(submitted, options.signal);
  const apiKeyId = activity.result.createApiKeysResult?.apiKeyIds?.[0];
  return apiKeyId === undefined ? {} : { apiKeyId };
}

function checkParameters({ name, publicKey, expirationSec }: CreateApiKeyParameters): void {
  if (typeof name !== "string" || name.length === 0) throw new LatchError("An API key needs a name");
  if (typeof publicKey !== "string" || !/^0[23][0-9a-fA-F]{64}$/.test(publicKey)) {
    throw new LatchError("An API key's publicKey must be a compressed P-256 public key in hex (66 digits starting 02 or 03)");
  }
  if (!Number.isInteger(expirationSec) || expirationSec < 1) throw new LatchError("An API key's expirationSec must be a whole number of seconds, at least 1");
}
