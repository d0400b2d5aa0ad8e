import type { Context } from "hono";
import type { Type } from "arktype";
import type { ActivityRecorder, ServerContext, KeyOperation, ServerMethod, ServerPart } from "./engine-contract";
import type { StampedBody } from "../wire/routes";
import type { SignerRow } from "./store/users";

export type {
  ActivityRecorder,
  BodyHandler,
  KeyOperation,
  LinkedProvider,
  LinkedProviderSource,
  ServerMethod,
  ServerPart,
} from "./engine-contract";

/** The methods and their shared parts, each once (by id, first wins), in order: shared parts before the methods using them. */
export function composeMethods(methods: readonly ServerMethod[]): ServerPart[] {
  const parts = new Map<string, ServerPart>();
  for (const method of methods) {
    for (const part of method.uses ?? []) if (!parts.has(part.id)) parts.set(part.id, part);
    if (!parts.has(method.id)) parts.set(method.id, method);
  }
  return [...parts.values()];
}

/**
 * A key-management operation whose handler reads its body as `body` (its schema) checked it: the
 * engine validates before `handle` runs, so the handler takes the schema's output, not `StampedBody`.
 */
export function keyOperation<Body extends Type<StampedBody>>(
  body: Body,
  handle: (c: Context, ctx: ServerContext, body: Body["infer"], user: SignerRow, activities: ActivityRecorder) => Promise<unknown>,
): KeyOperation {
  return { body, handle: (c, ctx, checked, user, activities) => handle(c, ctx, checked as Body["infer"], user, activities) };
}

