import { type } from "arktype";

const storageSchema = type("'local' | 'session'").or({ getItem: "Function", setItem: "Function", removeItem: "Function" });

// "+": "reject" refuses keys the kit does not know (a mistyped `ulr` would otherwise go unnoticed).
export const signerSchema = type({
  "+": "reject",
  "url?": "string > 0",
  "connection?": { "+": "reject", "apiKey?": "string", "jwt?": "string", "rpcUrl?": "string", "chainAgnosticUrl?": "string" },
  "sessionKey?": "string > 0",
  "storage?": storageSchema,
  "expirationTimeMs?": "number.integer > 0",
  "iframeConfig?": { "+": "reject", "iframeElementId?": "string > 0", "iframeContainerId?": "string > 0" },
  "authFrameUrl?": "string > 0",
  "exportFrameUrl?": "string > 0",
  "keyManagementUrl?": "string > 0",
  "emailMode?": "string",
  "rpId?": "string",
  "rootOrgId?": "string",
  "oauthCallbackUrl?": "string",
  "enablePopupOauth?": "boolean",
  "frameInitTimeoutMs?": "number.integer > 0",
  "requestTimeoutMs?": "number.integer > 0",
  "activityTimeoutMs?": "number.integer > 0",
});

