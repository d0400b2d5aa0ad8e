import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiKey, createKit, getEmbeddedSigner, KeyManagementClient, LatchError, listUsers, listWalletAccounts, type Kit, type User } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";

// §4/§7 the kit's key-management actions (API key creation and its activity polling, the user and
// wallet-account reads) against a fake key-management API.
const SIGNER = "http://localhost:9";
const USER: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x00000000000000000000000000000000000000aa" };
const PUBLIC_KEY = `02${"ab".repeat(32)}`;
const stamper = () => ({ stamp: async () => ({ stampHeaderName: "X-Stamp", stampHeaderValue: "s" }) });

type Call = { url: string; body: Record<string, unknown> };

/** A signed-in kit whose key-management calls `answer` answers. */
function kitWith(answer: (call: Call, calls: Call[]) => unknown) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), body: JSON.parse(init!.body as string) as Record<string, unknown> };
    calls.push(call);
    return new Response(JSON.stringify(await answer(call, calls)));
  });
  const kit: Kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
  kit.setUser(USER);
  const client = new KeyManagementClient(SIGNER, stamper, { requestTimeoutMs: 60_000, activityTimeoutMs: 60_000 }, fetch as unknown as typeof globalThis.fetch);
  (getEmbeddedSigner(kit) as { keyManagement: KeyManagementClient }).keyManagement = client;
  return { kit, calls };
}

/** A kit whose activity answers the statuses in turn (the last one repeats). */
const kitAnswering = (statuses: string[], result: Record<string, unknown>) =>
  kitWith((_call, calls) => {
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    const at = { seconds: "1700000000", nanos: "0" };
    const activity = { id: "act-1", organizationId: "o1", type: "ACTIVITY_TYPE_CREATE_API_KEYS_V2", createdAt: at, updatedAt: at };
    return { activity: { ...activity, status, result: status === "ACTIVITY_STATUS_COMPLETED" ? result : {} } };
  });

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

describe("§7 key-management reads", () => {
  it("§7 listUsers reads query/list_users for the signed-in organisation", async () => {
    const users = [{ userId: "u1", userName: "a@example.com", authenticators: [], apiKeys: [], oauthProviders: [], userTags: [] }];
    const { kit, calls } = kitWith(() => ({ users }));
    await expect(listUsers(kit)).resolves.toEqual(users);
    expect(calls).toEqual([{ url: `${SIGNER}/public/v1/query/list_users`, body: { organizationId: "o1", timestampMs: expect.any(String) } }]);
  });

  it("§7 listWalletAccounts reads the wallets, then each wallet's accounts", async () => {
    const account = (walletId: string, address: string) => ({ walletAccountId: `${walletId}-${address}`, walletId, organizationId: "o1", address, curve: "CURVE_SECP256K1", addressFormat: "ADDRESS_FORMAT_ETHEREUM", path: "m/44'/60'/0'/0/0", pathFormat: "PATH_FORMAT_BIP32" });
    const { kit, calls } = kitWith((call) =>
      call.url.endsWith("/list_wallets") ? { wallets: ["w1", "w2"].map((walletId) => ({ walletId, walletName: "Default wallet", exported: false, imported: false })) } : { accounts: [account(call.body.walletId as string, "0xa")] },
    );
    await expect(listWalletAccounts(kit)).resolves.toEqual([account("w1", "0xa"), account("w2", "0xa")]);
    expect(calls.map((call) => [call.url.replace(`${SIGNER}/public/v1/`, ""), call.body.walletId])).toEqual([
      ["query/list_wallets", undefined],
      ["query/list_wallet_accounts", "w1"],
      ["query/list_wallet_accounts", "w2"],
    ]);
  });

  it("reads need a signed-in user, and an aborted read settles at once", async () => {
    const { kit, calls } = kitWith(() => new Promise(() => undefined));
    const aborting = new AbortController();
    const pending = listWalletAccounts(kit, { signal: aborting.signal });
    aborting.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    kit.setUser(null);
    await expect(listUsers(kit)).rejects.toMatchObject({ name: "NotAuthenticatedError" });
    await expect(listWalletAccounts(kit)).rejects.toMatchObject({ name: "NotAuthenticatedError" });
    expect(calls.length).toBeLessThanOrEqual(1);
  });
});
