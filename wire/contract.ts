// The shape of a route's contract (request, response, error) and the types derived from it: the
// server checks answers with the schemas, the kit takes only these types (no arktype in an app).
import type { Type } from "arktype";
import type { errorBody } from "./errors";

/** One route: its request schema (when the route has one), its answer's schema and the error codes it may answer. */
export interface RouteContract {
  request?: Type;
  response: Type;
  errors: readonly string[];
}

/** Route name → contract: the wire's own table (wire/responses.ts), or a method's (`ServerPart.contract`). */
export type RouteContracts = Record<string, RouteContract>;

/** Every error answer. */
export type ErrorBody = typeof errorBody.infer;

/** The error answer of a route: the error body with one of the route's codes. */
export type ErrorOf<C extends RouteContract> = Omit<ErrorBody, "code"> & { code: C["errors"][number] };

/**
 * The types of a route, from its contract: what `SignerRoutes` holds per route. A method augments
 * `SignerRoutes` with `{ "my-route": RouteTypes<typeof myContracts["my-route"]> }`.
 */
export type RouteTypes<C extends RouteContract, Request = C["request"] extends Type ? C["request"]["inferIn"] : never> = {
  request: Request;
  response: C["response"]["infer"];
  error: ErrorOf<C>;
};
