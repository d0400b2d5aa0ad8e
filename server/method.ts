import type { Context } from "hono";
import type { ActivityRecorder, ServerContext, KeyOperation, MethodRoute, OperationStamp, ServerMethod, ServerPart } from "./engine-contract";
import type { Schema, SchemaOutput } from "./standardSchema";
import type { StampedBody } from "../wire/routes";
import type { SignerRow } from "./store/users";

export type {
  ActivityRecorder,
  BodyHandler,
  ExpiringRows,
  KeyOperation,
  LinkedProvider,
  LinkedProviderSource,
  MethodRoute,
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
export function keyOperation<Body extends Schema<unknown, StampedBody>>(
  body: Body,
  handle: (c: Context, ctx: ServerContext, body: SchemaOutput<Body>, user: SignerRow, activities: ActivityRecorder) => Promise<unknown>,
  options: { stepUp?: boolean; authorize?: (ctx: ServerContext, body: SchemaOutput<Body>, user: SignerRow, stamp: OperationStamp) => Promise<void> } = {},
): KeyOperation {
  const { authorize } = options;
  return {
    body,
    handle: (c, ctx, checked, user, activities) => handle(c, ctx, checked as SchemaOutput<Body>, user, activities),
    ...(options.stepUp ? { stepUp: true } : {}),
    ...(authorize ? { authorize: (ctx: ServerContext, checked: StampedBody, user: SignerRow, stamp: OperationStamp) => authorize(ctx, checked as SchemaOutput<Body>, user, stamp) } : {}),
  };
}

type RouteAnswer = Promise<object | Response> | object | Response;

/** `POST <path>` with a JSON body checked by `body` (any Standard Schema): `handle` takes the schema's output. */
export function post<S extends Schema>(path: string, body: S, handle: (c: Context, body: SchemaOutput<S>, ctx: ServerContext) => RouteAnswer): MethodRoute {
  return { method: "POST", path, body, handle: handle as MethodRoute["handle"] };
}

/** `GET <path>` (a page, a read without a body). */
export function get(path: string, handle: (c: Context, ctx: ServerContext) => RouteAnswer): MethodRoute {
  return { method: "GET", path, handle: (c, _body, ctx) => handle(c, ctx) };
}

