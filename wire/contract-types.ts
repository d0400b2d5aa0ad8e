// What the kit reads of a route's contract, and the types derived from one. Structural on purpose:
// a contract's schemas are arktype types on the server (wire/contract.ts), but an app's compiler only
// needs their inferred types (`infer`, `inferIn`), so the published types name no schema library.
import type { ErrorBody } from "./shapes";

/** One route's contract as the kit reads it: its request and answer schemas' types and the error codes it may answer (an arktype contract is one). */
export interface RouteContract {
  request?: { readonly inferIn: unknown };
  response: { readonly infer: unknown };
  errors: readonly string[];
}

/** Route name → contract: the wire's own table, or a method's (`ServerPart.contract`). */
export type RouteContracts = Record<string, RouteContract>;

/** The error answer of a route with these codes: the error body with one of them. */
export type ErrorWith<Codes extends readonly string[]> = Omit<ErrorBody, "code"> & { code: Codes[number] };

/** The error answer of a route: the error body with one of the route's codes. */
export type ErrorOf<C extends RouteContract> = ErrorWith<C["errors"]>;

/**
 * The types of a route, from its contract: what `SignerRoutes` holds per route. A method augments
 * `SignerRoutes` with `{ "my-route": RouteTypes<typeof myContracts["my-route"]> }`.
 */
export type RouteTypes<C extends RouteContract, Request = C["request"] extends { readonly inferIn: infer In } ? In : never> = {
  request: Request;
  response: C["response"]["infer"];
  error: ErrorOf<C>;
};
