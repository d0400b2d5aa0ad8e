// In development builds the signer client checks each answer against the wire contract and warns
// when one does not fit (core/signer/answer-check.ts); the answer itself is used as before.
// Production builds drop the check (`npm run size` refuses arktype in a production bundle).
import { afterEach, describe, expect, it, vi } from "vitest";
import { KeyManagementClient, SignerClient, SignerHttpError } from "latch-kit";

const answering = (status: number, body: unknown) =>
  new SignerClient({ url: "http://x", fetch: async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status }) });

afterEach(() => vi.restoreAllMocks());

describe("the signer client's answer check (development builds)", () => {
  it("stays quiet on answers that fit their route's contract, extra fields included (a newer server may add some)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(answering(200, { orgId: "o1", future: true }).request("lookup", { email: "a@b.co" })).resolves.toEqual({ orgId: "o1", future: true });
    await expect(answering(401, { code: "INVALID_STAMP", message: "m", error: "m" }).request("whoami", { stampedRequest: { url: "u", body: "b", stamp: { stampHeaderName: "X-Stamp", stampHeaderValue: "v" } } })).rejects.toBeInstanceOf(SignerHttpError);
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns, naming the route and what is wrong, on a success that lacks a field — and still returns it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(answering(200, { orgId: "o1" }).request("otp", { orgId: "o", otpId: "i", otpCode: "1", targetPublicKey: "04" })).resolves.toEqual({ orgId: "o1" });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/the signer's otp answered 200 outside the wire contract \(.*status.*\)/);
  });

  it("warns on an error code its route does not list, and on an answer that is not JSON", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(answering(400, { code: "OTP_EXPIRED", message: "m", error: "m" }).request("lookup", { email: "a@b.co" })).rejects.toThrow();
    await expect(answering(502, "<html>Bad gateway</html>").request("lookup", { email: "a@b.co" })).rejects.toThrow();
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      expect.stringMatching(/lookup answered 400 .*error code OTP_EXPIRED is not one this route answers/),
      expect.stringMatching(/lookup answered 502 .*the answer is not JSON/),
    ]);
  });

  it("leaves a method's own routes alone (the wire does not know them)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await answering(200, { anything: 1 }).request("backup-code-auth" as "lookup", { email: "a@b.co" });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("the key-management client's answer check (development builds)", () => {
  const stamper = () => ({ stamp: async () => ({ stampHeaderName: "X-Stamp", stampHeaderValue: "s" }) });
  const client = (status: number, body: unknown) =>
    new KeyManagementClient("http://x", stamper, { requestTimeoutMs: 1000, activityTimeoutMs: 1000 }, async () => new Response(JSON.stringify(body), { status }));
  const wallet = { walletId: "w", walletName: "Wallet", exported: false, imported: false };

  it("stays quiet on an answer that fits its operation's contract", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(client(200, { wallets: [wallet] }).request("query/list_wallets", { organizationId: "o" })).resolves.toEqual({ wallets: [wallet] });
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns, naming the operation and what is wrong, on an answer or an error code outside it — and still returns it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(client(200, { wallets: [{ walletId: "w" }] }).request("query/list_wallets", { organizationId: "o" })).resolves.toEqual({ wallets: [{ walletId: "w" }] });
    await expect(client(404, { code: "OTP_EXPIRED", message: "m", error: "m" }).request("query/list_wallets", { organizationId: "o" })).rejects.toThrow("m");
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      expect.stringMatching(/key-management operation query\/list_wallets answered 200 outside the wire contract \(.*walletName must be a string/s),
      expect.stringMatching(/query\/list_wallets answered 404 .*error code OTP_EXPIRED is not one this route answers/),
    ]);
  });
});
