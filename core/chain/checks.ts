// Plain checks for the chain options (fees, retry, sponsorship, connection): they run in production on
// what an app passes, so they use no schema library and build nothing at import. Problems are worded like
// the kit's config errors: 'Unrecognized key', 'Expected number, received string'.
import { ChainConfigError } from "./errors";

export interface Issue {
  path: string;
  message: string;
}

/** Collects problems; `done()` throws ChainConfigError with all of them, the first one as the message. */
export class Issues {
  readonly list: Issue[] = [];
  add(path: string, message: string): void {
    this.list.push({ path, message });
  }
  done(): void {
    if (this.list.length) throw new ChainConfigError(this.list);
  }
}

export const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

function received(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** A plain object whose keys are all in `allowed` (others are reported); false (reported) if not an object. */
export function checkObject(value: unknown, allowed: readonly string[] | null, path: string, issues: Issues): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    issues.add(path, `Expected object, received ${received(value)}`);
    return false;
  }
  if (allowed) for (const key of Object.keys(value)) if (!allowed.includes(key)) issues.add(join(path, key), "Unrecognized key");
  return true;
}

/** `typeof value === expected`, reported in the kit's wording otherwise. */
export function checkType(value: unknown, expected: "string" | "number" | "bigint", path: string, issues: Issues): boolean {
  if (typeof value === expected) return true;
  issues.add(path, `Expected ${expected}, received ${received(value)}`);
  return false;
}

/** A non-empty string. */
export function checkNonEmptyString(value: unknown, path: string, issues: Issues): boolean {
  if (!checkType(value, "string", path, issues)) return false;
  if ((value as string).length > 0) return true;
  issues.add(path, "String must contain at least 1 character(s)");
  return false;
}
