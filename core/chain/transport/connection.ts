// Connection config: optional rpcUrl, apiKey, jwt and chainAgnosticUrl; at least one of rpcUrl,
// apiKey or jwt.
import { checkNonEmptyString, checkObject, Issues } from "../checks";
import { ChainConfigError } from "../errors";

/** How to reach the chain: a node URL, and/or an API key or JWT for a Latch RPC gateway. */
export interface ConnectionConfig {
  rpcUrl?: string;
  apiKey?: string;
  jwt?: string;
  chainAgnosticUrl?: string;
}

/** Error text for a connection with neither URL nor credential. */
export const CONNECTION_CREDENTIAL_REQUIRED = "At least one of rpcUrl, apiKey or jwt is required";

const CONNECTION_FIELDS = ["rpcUrl", "apiKey", "jwt", "chainAgnosticUrl"] as const;

/** Throws ChainConfigError naming the field when the config is unusable. */
export function validateConnectionConfig(config: ConnectionConfig): ConnectionConfig {
  const issues = new Issues();
  // Other keys pass (the schema this replaces allowed them too).
  if (checkObject(config, null, "", issues)) {
    for (const field of CONNECTION_FIELDS) if (config[field] !== undefined) checkNonEmptyString(config[field], field, issues);
  }
  issues.done();
  if (!config.rpcUrl && !config.apiKey && !config.jwt) {
    throw new ChainConfigError([{ path: "", message: CONNECTION_CREDENTIAL_REQUIRED }]);
  }
  return config;
}

/** The Bearer credential: a JWT is preferred over an API key. */
export function bearerCredential(config: ConnectionConfig): string | undefined {
  return config.jwt ?? config.apiKey;
}
