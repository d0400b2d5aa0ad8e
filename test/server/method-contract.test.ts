// The published method contract holds for a method that shares nothing with the engine but the
// contract itself: a schema of another library (a bare Standard Schema), refusals thrown from another
// copy of the method kit (recognised by brand) or of Hono (HTTPException by shape), and plain errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ERROR_BRAND } from "../../server/errors";
import type { Schema, ServerMethod } from "../../server/method-kit";
import { startTestServer, type TestServer } from "./support/emulator";

/** A Standard Schema no library made: `{name}` with a non-empty string. */
const nameSchema: Schema<unknown, { name: string }> = {
  "~standard": {
    version: 1,
    vendor: "hand-written",
    validate: (value) => {
      const name = (value as { name?: unknown } | null)?.name;
      return typeof name === "string" && name.length > 0 ? { value: { name } } : { issues: [{ message: "name must be a non-empty string", path: [{ key: "name" }] }] };
    },
  },
};

/** What another copy of the kit's ApiError looks like to the engine: its brand and its fields, no shared class. */
function foreignApiError(status: number, code: string, message: string) {
  return Object.assign(new Error(message), { [API_ERROR_BRAND]: true, status, code, details: { from: "another copy" } });
}

/** Another copy of Hono's HTTPException: an Error with a status and getResponse. */
function foreignHttpException(status: number, message: string) {
  return Object.assign(new Error(message), { status, getResponse: () => new Response(message, { status }) });
}

const foreign: ServerMethod = {
  id: "foreign",
  routes: [
    { method: "POST", path: "/foreign-hello", body: nameSchema, handle: (_c, body) => ({ hello: (body as { name: string }).name }) },
    {
      method: "POST",
      path: "/foreign-refuse",
      handle: () => {
        throw foreignApiError(409, "NAME_TAKEN", "That name is taken");
      },
    },
    {
      method: "POST",
      path: "/foreign-http",
      handle: () => {
        throw foreignHttpException(418, "I am a teapot");
      },
    },
    {
      method: "POST",
      path: "/foreign-crash",
      handle: () => {
        throw new TypeError("cannot read properties of undefined");
      },
    },
    { method: "GET", path: "/foreign-page", handle: (c) => c.html("<p>page</p>") },
  ],
  pages: [{ method: "GET", path: "/foreign-root-page", handle: () => new Response("root", { headers: { "content-type": "text/plain" } }) }],
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ methods: [foreign], checkAnswers: undefined, hooks: { onUnexpectedError: () => undefined } });
});
afterAll(() => t.emulator.stop());

describe("a method's routes are served through the engine's router, validation and error handling", () => {
  it("validates the body through Standard Schema: a good body reaches handle, a bad one answers 400 INVALID_REQUEST naming the field", async () => {
    expect(await t.client.ok("foreign-hello", { name: "Ada" })).toEqual({ hello: "Ada" });
    const bad = await t.client.post("foreign-hello", { name: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: "INVALID_REQUEST",
      message: "name must be a non-empty string",
      error: "name must be a non-empty string",
      details: { issues: [{ path: "name", message: "name must be a non-empty string" }] },
    });
    const notJson = await t.client.post("foreign-hello", "{not json");
    expect([notJson.status, notJson.body.code]).toEqual([400, "INVALID_JSON"]);
  });

  it("answers a refusal from another copy of the kit with its status and the engine's error body", async () => {
    const answer = await t.client.post("foreign-refuse", {});
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ code: "NAME_TAKEN", message: "That name is taken", error: "That name is taken", details: { from: "another copy" } });
  });

  it("answers another Hono's HTTPException as JSON with its status", async () => {
    const answer = await t.client.post("foreign-http", {});
    expect(answer.status).toBe(418);
    expect(answer.body).toMatchObject({ code: "HTTP_ERROR", message: "I am a teapot" });
  });

  it("answers any other exception with the engine's 500 JSON", async () => {
    const answer = await t.client.post("foreign-crash", {});
    expect(answer.status).toBe(500);
    expect(answer.headers.get("content-type")).toMatch(/application\/json/);
    expect(answer.body).toMatchObject({ code: "INTERNAL" });
  });

  it("serves GET routes and root pages as the Response they return", async () => {
    const page = await fetch(`${t.emulator.url}/signer/v1/foreign-page`);
    expect([page.status, await page.text()]).toEqual([200, "<p>page</p>"]);
    const root = await fetch(`${t.emulator.url}/foreign-root-page`);
    expect([root.status, await root.text()]).toEqual([200, "root"]);
  });
});

describe("brands", () => {
  it("an object that merely has a status and a code is not taken for an ApiError", async () => {
    const { isApiError } = await import("../../server/errors");
    expect(isApiError(Object.assign(new Error("x"), { status: 400, code: "X" }))).toBe(false);
    expect(isApiError(foreignApiError(400, "X", "x"))).toBe(true);
    expect(isApiError(foreignApiError(200, "X", "x"))).toBe(false);
  });
});
