import { type, type Type } from "arktype";
import { ConfigError } from "./errors";
import { schemaMessage } from "./schema-messages";
import { signerSchemaWith } from "./signer/config-schema";

// A section's own options are checked by the schema of the plugin that draws it (SectionDefinition.schema).
const sectionSchema = type({ type: "string > 0" });

const uiSchema = type({
  "+": "reject",
  "auth?": {
    "+": "reject",
    sections: sectionSchema.array().array(),
    "header?": "unknown",
    "hideSignInText?": "boolean",
    "addPasskeyOnSignup?": "boolean",
  },
  "illustrationStyle?": "'outline' | 'linear' | 'filled' | 'flat'",
  "modalBaseClassName?": "string",
  "uiMode?": "'modal' | 'embedded'",
  "onAuthSuccess?": "Function",
  "supportUrl?": "string",
  "theme?": "'light' | 'dark' | 'system'",
  "strings?": "Record<string, Record<string, string>>",
  "hideCloseButton?": "boolean",
  "locale?": "string",
});

/** The kit config's schema; `signer` takes the installed methods' own keys besides the engine's. */
export function kitSchemaWith(signerMethodOptions: Record<string, string>): Type {
  return type({
    "+": "reject",
    "id?": "string > 0",
    "plugins?": type({ id: "string > 0" }).array(),
    "ui?": uiSchema,
    "signer?": signerSchemaWith(signerMethodOptions),
  });
}


/** Refuses a config with a message naming each failing field, in the spec's schema wording. */
export function assertValid(schema: (value: unknown) => unknown, value: unknown, prefix: string): void {
  const checked = schema(value);
  if (!(checked instanceof type.errors)) return;
  const problems = checked.map((error) => `${prefix}${error.propString || "(root)"}: ${schemaMessage(error)}`);
  throw new ConfigError(`Invalid Latch config: ${problems.join("; ")}`);
}
