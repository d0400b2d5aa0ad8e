import type { Hono } from "hono";
import type { EmulatorContext } from "./context";

/**
 * A sign-in method's server part: its routes, mounted under /signer/v1 beside the built-in ones.
 * The server composes the method modules it is given (`startEmulator({ methods })`).
 */
export interface ServerMethod {
  id: string;
  routes: (ctx: EmulatorContext) => Hono;
}
