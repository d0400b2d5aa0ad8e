import { Hono, type Context } from "hono";
import { requests } from "../../wire/requests";
import type { ServerContext } from "../context";
import type { BodyHandler } from "../method";
import { badRequest } from "../errors";
import { readJson, validate } from "../validate";
import * as s from "../schemas";
import { findUserByContact } from "../store/users";
import type { Contact } from "../services/accounts";


/**
 * `lookup` (is there a user with this contact?), and `signup` / `auth`, which the sign-in methods
 * answer: the first method whose handler accepts the body (see ServerMethod.signUp / signIn).
 */
export function signInRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post("/lookup", async (c) => {
    const raw = await readJson(c);
    if (isObject(raw) && "accessKey" in raw) throw badRequest("UNSUPPORTED", "accessKey lookup not supported by this signer");
    const byPhone = isObject(raw) && "phone" in raw && !("email" in raw);
    const contact: Contact = byPhone ? validate(requests["lookup-phone"], raw) : { email: s.normalizeEmail(validate(requests["lookup-email"], raw).email) };
    const user = await findUserByContact(ctx.db, contact);
    return c.json({ orgId: user?.orgId ?? null });
  });

  app.post("/signup", (c) => dispatch(c, ctx, "signUp"));
  app.post("/auth", (c) => dispatch(c, ctx, "signIn"));

  return app;
}

async function dispatch(c: Context, ctx: ServerContext, kind: "signUp" | "signIn") {
  const raw = await readJson(c);
  const handlers = ctx.methods.flatMap((method) => (method[kind] ? [method[kind]] : [])) as BodyHandler[];
  const handler = handlers.find((h) => h.accepts(raw, ctx));
  if (!handler) {
    const names = [...new Set(handlers.map((h) => h.names))];
    throw badRequest("INVALID_REQUEST", `The request names no way to sign in this server offers: send one of ${names.join(", ") || "(none)"}`, {
      issues: names.map((name) => ({ path: name, message: `${name} must be provided` })),
    });
  }
  return c.json(await handler.handle(c, raw, ctx));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
