// Connection config (spec §3): optional rpcUrl, apiKey, jwt and chainAgnosticUrl; at least one of rpcUrl,
// apiKey or jwt.
import { type } from "arktype";
import { ChainConfigError } from "../errors";

export interface ConnectionConfig {
  rpcUrl?: string;
  apiKey?: string;
  jwt?: string;
  chainAgnosticUrl?: string;
}

export const CONNECTION_CREDENTIAL_REQUIRED = "At least one of rpcUrl, apiKey or jwt is required";

const connectionSchema = type({
  "rpcUrl?": "string > 0",
  "apiKey?": "string > 0",
  "jwt?": "string > 0",
  "chainAgnosticUrl?": "string > 0",
});

/** Throws ChainConfigError naming the field when the config is unusable. */
export function validateConnectionConfig(config: ConnectionConfig): ConnectionConfig {
  const checked = connectionSchema(config);
  if (checked instanceof type.errors) {
    throw new ChainConfigError(checked.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
  }
  if (!config.rpcUrl && !config.apiKey && !config.jwt) {
    throw new ChainConfigError([{ path: "", message: CONNECTION_CREDENTIAL_REQUIRED }]);
  }
  return config;
}

/** The Bearer credential: a JWT is preferred over an API key (spec §7). */
export function bearerCredential(config: ConnectionConfig): string | undefined {
  return config.jwt ?? config.apiKey;
}
