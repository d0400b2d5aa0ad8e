import { describe, expect, it, vi } from "vitest";
import { ActivityTimeoutError, ConnectionTimeoutError, KeyManagementClient, SignerClient } from "latch-kit";

/** The body is not read: the answers are the test's own. */
const EXPORT_BODY = { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: 1, organizationId: "o", parameters: { walletId: "w", targetPublicKey: "04" } } as const;

const TIMEOUT_TEXT = "Connection timed out: It looks like you need more time.";

/** A backend that never answers: the request hangs until its signal aborts (or forever, if `ignoreSignal`). */
function hangingFetch({ ignoreSignal = false } = {}) {
  const signals: AbortSignal[] = [];
  const fetch = vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        signals.push(init!.signal!);
        if (!ignoreSignal) init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason));
      }),
  );
  return { fetch: fetch as unknown as typeof globalThis.fetch, signals };
}

const stamper = () => ({ stamp: async () => ({ stampHeaderName: "X-Stamp", stampHeaderValue: "s" }) });

describe("every signer call settles", () => {
  it("a backend that never answers: the request fails with the spec's timeout text and is aborted", async () => {
    const { fetch, signals } = hangingFetch();
    const client = new SignerClient({ url: "http://localhost:1", fetch, timeoutMs: 30 });
    const error = await client.request("lookup", { email: "a@b.co" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionTimeoutError);
    expect(error).toMatchObject({ name: "ConnectionTimeoutError", message: TIMEOUT_TEXT, details: { what: "lookup", timeoutMs: 30 } });
    expect(signals[0]!.aborted).toBe(true);
  });

  it("settles even when the fetch ignores its signal", async () => {
    const { fetch } = hangingFetch({ ignoreSignal: true });
    const client = new SignerClient({ url: "http://localhost:1", fetch, timeoutMs: 30 });
    await expect(client.request("lookup", { email: "a@b.co" })).rejects.toBeInstanceOf(ConnectionTimeoutError);
  });

  it("the caller's AbortSignal aborts the request and rejects with its reason, before or during the call", async () => {
    const { fetch, signals } = hangingFetch();
    const client = new SignerClient({ url: "http://localhost:1", fetch, timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = client.request("lookup", { email: "a@b.co" }, { signal: controller.signal });
    controller.abort(new Error("user left"));
    await expect(pending).rejects.toThrow("user left");
    expect(signals[0]!.aborted).toBe(true);
    await expect(client.request("lookup", { email: "a@b.co" }, { signal: AbortSignal.abort(new Error("already gone")) })).rejects.toThrow(
      "already gone",
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a key-management call to a backend that never answers times out too", async () => {
    const { fetch } = hangingFetch();
    const client = new KeyManagementClient("http://localhost:1", stamper, { requestTimeoutMs: 30, activityTimeoutMs: 1000 }, fetch);
    await expect(client.request("query/whoami", { organizationId: "o" })).rejects.toMatchObject({ name: "ConnectionTimeoutError" });
  });

  it("activity polling every 500 ms gives up with ActivityTimeoutError once the activity outlives its limit", async () => {
    const bodies: string[] = [];
    const pendingFetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(init!.body as string);
      return new Response(JSON.stringify({ activity: { id: "act-1", status: "ACTIVITY_STATUS_PENDING" } }));
    }) as unknown as typeof fetch;
    const client = new KeyManagementClient("http://localhost:1", stamper, { requestTimeoutMs: 1000, activityTimeoutMs: 1200 }, pendingFetch);
    const error = await client.submitActivity("export_wallet", EXPORT_BODY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActivityTimeoutError);
    expect(error).toMatchObject({ message: TIMEOUT_TEXT, details: { activityId: "act-1", status: "ACTIVITY_STATUS_PENDING", timeoutMs: 1200 } });
    // the submit, then polls at 500 ms and 1000 ms; none past the limit
    expect(bodies).toHaveLength(3);
    expect(JSON.parse(bodies[1]!)).toEqual({ organizationId: "o", activityId: "act-1" });
  });

  it("activity polling stops at once when the caller aborts", async () => {
    let answered = 0;
    const pendingFetch = (async () => {
      answered++;
      return new Response(JSON.stringify({ activity: { id: "act-2", status: "ACTIVITY_STATUS_PENDING" } }));
    }) as unknown as typeof fetch;
    const client = new KeyManagementClient("http://localhost:1", stamper, { requestTimeoutMs: 1000, activityTimeoutMs: 60_000 }, pendingFetch);
    const controller = new AbortController();
    const polling = client.submitActivity("export_wallet", EXPORT_BODY, { signal: controller.signal });
    await vi.waitFor(() => expect(answered).toBe(1));
    controller.abort(new Error("dialog closed"));
    await expect(polling).rejects.toThrow("dialog closed");
    expect(answered).toBe(1);
  });
});
