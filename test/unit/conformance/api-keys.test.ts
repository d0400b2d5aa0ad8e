import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiKey, createKit, getEmbeddedSigner, KeyManagementClient, LatchError, type Kit, type User } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";

// §4 activity polling for API key creation: the kit's createApiKey action against a fake key-management API.
const SIGNER = "http://localhost:9";
const USER: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x00000000000000000000000000000000000000aa" };
const PUBLIC_KEY = `02${"ab".repeat(32)}`;
const stamper = () => ({ stamp: async () => ({ stampHeaderName: "X-Stamp", stampHeaderValue: "s" }) });

/** A kit whose key-management calls answer the activity statuses in turn (the last one repeats). */
function kitAnswering(statuses: string[], result: Record<string, unknown>) {
  const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(init!.body as string) as Record<string, unknown> });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    return new Response(JSON.stringify({ activity: { id: "act-1", status, result: status === "ACTIVITY_STATUS_COMPLETED" ? result : {} } }));
  });
  const kit: Kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
  kit.setUser(USER);
  const client = new KeyManagementClient(SIGNER, stamper, { requestTimeoutMs: 60_000, activityTimeoutMs: 60_000 }, fetch as unknown as typeof globalThis.fetch);
  (getEmbeddedSigner(kit) as { keyManagement: KeyManagementClient }).keyManagement = client;
  return { kit, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("§4/§7 createApiKey", () => {
  it("§4 for API key creation, ACTIVITY_STATUS_COMPLETED counts as success: a pending activity is polled until then", async () => {
    vi.useFakeTimers();
    const { kit, calls } = kitAnswering(["ACTIVITY_STATUS_PENDING", "ACTIVITY_STATUS_COMPLETED"], { createApiKeysResult: { apiKeyIds: ["key-1"] } });
    const created = createApiKey(kit, { name: "backend", publicKey: PUBLIC_KEY, expirationSec: 3600 });
    await vi.advanceTimersByTimeAsync(500);
    await expect(created).resolves.toEqual({ apiKeyId: "key-1" });
    expect(calls.map((call) => call.url)).toEqual([`${SIGNER}/public/v1/submit/create_api_keys`, `${SIGNER}/public/v1/query/get_activity`]);
    expect(calls[0]!.body).toMatchObject({
      type: "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
      organizationId: "o1",
      parameters: { userId: "u1", apiKeys: [{ apiKeyName: "backend", publicKey: PUBLIC_KEY, curveType: "API_KEY_CURVE_P256", expirationSeconds: "3600" }] },
    });
  });

  it("§4 a completed activity is success even when its result names no id", async () => {
    const { kit } = kitAnswering(["ACTIVITY_STATUS_COMPLETED"], {});
    await expect(createApiKey(kit, { name: "backend", publicKey: PUBLIC_KEY, expirationSec: 60 })).resolves.toEqual({});
  });

  it.each(["ACTIVITY_STATUS_FAILED", "ACTIVITY_STATUS_REJECTED", "ACTIVITY_STATUS_CONSENSUS_NEEDED"])("§4 %s throws", async (status) => {
    const { kit } = kitAnswering([status], {});
    await expect(createApiKey(kit, { name: "backend", publicKey: PUBLIC_KEY, expirationSec: 60 })).rejects.toThrow(LatchError);
  });

  it("refuses a malformed key, name or lifetime before calling anything, and an aborted call settles at once", async () => {
    const { kit, calls } = kitAnswering(["ACTIVITY_STATUS_COMPLETED"], {});
    await expect(createApiKey(kit, { name: "k", publicKey: `04${"ab".repeat(64)}`, expirationSec: 60 })).rejects.toThrow("compressed P-256 public key");
    await expect(createApiKey(kit, { name: "", publicKey: PUBLIC_KEY, expirationSec: 60 })).rejects.toThrow("needs a name");
    await expect(createApiKey(kit, { name: "k", publicKey: PUBLIC_KEY, expirationSec: 1.5 })).rejects.toThrow("expirationSec");
    const aborted = new AbortController();
    aborted.abort();
    await expect(createApiKey(kit, { name: "k", publicKey: PUBLIC_KEY, expirationSec: 60 }, { signal: aborted.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(calls).toEqual([]);
  });

  it("needs a signed-in user", async () => {
    const { kit } = kitAnswering(["ACTIVITY_STATUS_COMPLETED"], {});
    kit.setUser(null);
    await expect(createApiKey(kit, { name: "k", publicKey: PUBLIC_KEY, expirationSec: 60 })).rejects.toMatchObject({ name: "NotAuthenticatedError" });
  });
});
