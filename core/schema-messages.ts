import type { ArkError } from "arktype";

/** The JS type of a value as the spec's 'Expected X, received Y' names it. */
function received(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** 'a string' → 'string': arktype describes with an article, the spec's messages name the type. */
const bare = (description: string) => description.replace(/^an? /, "");

/**
 * One config problem in a generic schema wording: 'Required', 'Expected X, received Y',
 * 'Invalid email', 'String must contain at least N character(s)', 'Number must be greater than or
 * equal to N'. Problems the spec has no wording for keep arktype's description.
 */
export function schemaMessage(error: ArkError): string {
  const rule = (error as { rule?: unknown }).rule;
  const exclusive = (error as { exclusive?: boolean }).exclusive === true;
  switch (error.code) {
    case "required":
      return "Required";
    case "minLength":
      return `String must contain at least ${String(rule)} character(s)`;
    case "min":
      return exclusive ? `Number must be greater than ${String(rule)}` : `Number must be greater than or equal to ${String(rule)}`;
    case "pattern":
      return /email/.test(error.expected) ? "Invalid email" : error.problem;
    case "domain":
    case "proto":
      return `Expected ${bare(error.expected)}, received ${received(error.data)}`;
    case "union":
    case "unit": {
      const branches = (error as { errors?: readonly ArkError[] }).errors?.map((branch) => branch.expected);
      // arktype's boolean is the union false | true.
      if (branches?.length === 2 && branches.includes("false") && branches.includes("true")) {
        return `Expected boolean, received ${received(error.data)}`;
      }
      return `Expected ${branches?.length ? branches.join(" | ") : error.expected}, received ${JSON.stringify(error.data) ?? received(error.data)}`;
    }
    case "predicate":
      return error.expected === "removed" ? "Unrecognized key" : error.problem;
    default:
      return error.problem;
  }
}
