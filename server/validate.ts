import { type, type Type } from "arktype";
import type { Context } from "hono";
import { badRequest } from "./errors";
import { readBodyText } from "./middleware/bodyLimit";

/** Reads a JSON request body; an empty body counts as `{}`. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await readBodyText(c);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("INVALID_JSON", "The request body is not valid JSON");
  }
}

/** Checks a value against its schema; a failure is a 400 whose message names the field. */
export function validate<S extends Type>(schema: S, value: unknown, where?: string): S["infer"] {
  const out = schema(value);
  if (out instanceof type.errors) {
    const prefix = where ? `${where}: ` : "";
    throw badRequest("INVALID_REQUEST", `${prefix}${out.summary}`, {
      issues: out.map((e) => ({ path: [where, e.path.join(".")].filter(Boolean).join("."), message: e.message })),
    });
  }
  return out as S["infer"];
}

export async function readBody<S extends Type>(c: Context, schema: S): Promise<S["infer"]> {
  return validate(schema, await readJson(c));
}
