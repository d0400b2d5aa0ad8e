// A route's contract as the server holds it: arktype schemas it validates requests and checks answers
// with, and the error codes the route may answer. The kit reads only the types of a contract
// (wire/contract-types.ts: `RouteTypes`, structural), so an app's compiler never meets arktype.
import type { Type } from "arktype";
import type { RouteContract as RouteContractTypes } from "./contract-types";

/** One route: its request schema (when the route has one), its answer's schema and the error codes it may answer. */
export interface RouteContract extends RouteContractTypes {
  request?: Type;
  response: Type;
  errors: readonly string[];
}

/** Route name → contract: the wire's own table (wire/responses.ts), or a method's (`ServerPart.contract`). */
export type RouteContracts = Record<string, RouteContract>;
