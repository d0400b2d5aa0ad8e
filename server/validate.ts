import type { Context } from "hono";
import { badRequest } from "./errors";
import { readBodyText } from "./middleware/bodyLimit";
import { issuePath, type Schema, type SchemaIssue, type SchemaOutput, type SchemaResult } from "./standardSchema";

/** Reads a JSON request body; an empty body counts as `{}`. */
export async function readJson(c: Context): Promise<unknown> {
  return parseJson(await readBodyText(c));
}

/** A request body's text as JSON; an empty body counts as `{}`. */
export function parseJson(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("INVALID_JSON", "The request body is not valid JSON");
  }
}

/**
 * Checks a value against its schema (any Standard Schema whose validation is synchronous, as
 * arktype's is); a failure is a 400 INVALID_REQUEST whose message names the field.
 */
export function validate<S extends Schema>(schema: S, value: unknown, where?: string): SchemaOutput<S> {
  const result = schema["~standard"].validate(value);
  if (result instanceof Promise) throw new Error("This schema validates asynchronously: give it as a route's `body` (validated with await), not to validate()");
  return outcome(result, where);
}

/** validate() for any Standard Schema, synchronous or not. */
export async function validateAsync<S extends Schema>(schema: S, value: unknown, where?: string): Promise<SchemaOutput<S>> {
  return outcome(await schema["~standard"].validate(value), where);
}

export async function readBody<S extends Schema>(c: Context, schema: S): Promise<SchemaOutput<S>> {
  return validateAsync(schema, await readJson(c));
}

function outcome<Output>(result: SchemaResult<Output>, where: string | undefined): Output {
  if (result.issues) throw invalidRequest(result.issues, where);
  return result.value;
}

function invalidRequest(issues: ReadonlyArray<SchemaIssue>, where: string | undefined) {
  const prefix = where ? `${where}: ` : "";
  return badRequest("INVALID_REQUEST", `${prefix}${issues.map((issue) => issue.message).join("\n")}`, {
    issues: issues.map((issue) => ({ path: [where, issuePath(issue)].filter(Boolean).join("."), message: issue.message })),
  });
}
