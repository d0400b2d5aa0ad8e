import { type, type Type } from "arktype";

const storageSchema = type("'local' | 'session'").or({ getItem: "Function", setItem: "Function", removeItem: "Function" });

// "+": "reject" refuses keys the kit does not know (a mistyped `ulr` would otherwise go unnoticed).
// A method's own keys (oauth's `oauthCallbackUrl`, …) come from its plugin's `signerOptions`.
const signerDefinition = {
  "+": "reject",
  "url?": "string > 0",
  "connection?": { "+": "reject", "apiKey?": "string", "jwt?": "string", "rpcUrl?": "string", "chainAgnosticUrl?": "string" },
  "sessionKey?": "string > 0",
  "storage?": storageSchema,
  "expirationTimeMs?": "number.integer > 0",
  "iframeConfig?": { "+": "reject", "iframeElementId?": "string > 0", "iframeContainerId?": "string > 0" },
  "authFrameUrl?": "string > 0",
  "exportFrameUrl?": "string > 0",
  "importFrameUrl?": "string > 0",
  "keyManagementUrl?": "string > 0",
  "rootOrgId?": "string",
  "frameInitTimeoutMs?": "number.integer > 0",
  "requestTimeoutMs?": "number.integer > 0",
  "activityTimeoutMs?": "number.integer > 0",
} as const;

/** The signer config's schema: the engine's keys plus the installed methods' (`LatchPlugin.signerOptions`). */
export function signerSchemaWith(methodOptions: Record<string, string> = {}): Type {
  return type.raw({ ...signerDefinition, ...methodOptions }) as Type;
}

