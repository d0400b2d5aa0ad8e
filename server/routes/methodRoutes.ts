import type { Hono } from "hono";
import type { ServerContext } from "../context";
import type { MethodRoute } from "../engine-contract";
import { readBody } from "../validate";

/**
 * Mounts a method's route descriptors on the engine's own router: the body is validated through
 * Standard Schema before `handle` runs, and whatever `handle` throws reaches the engine's error
 * handler (no framework instance of the method's stands between them).
 */
export function mountMethodRoutes(app: Hono, prefix: string, routes: readonly MethodRoute[], ctx: ServerContext): void {
  for (const route of routes) {
    app.on(route.method, `${prefix}${route.path}`, async (c) => {
      const body = route.body ? await readBody(c, route.body) : undefined;
      const answer = await route.handle(c, body, ctx);
      return answer instanceof Response ? answer : c.json(answer);
    });
  }
}
