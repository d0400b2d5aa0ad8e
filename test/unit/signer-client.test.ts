import { describe, expect, it, vi } from "vitest";
import { MfaRequiredError, PermissionDeniedError, RateLimitedError, readableErrorText, SDK_VERSION, SDK_VERSION_HEADER, SignerClient, SignerHttpError, toSignerError } from "latch-kit";

function fakeFetch(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status }));
}

describe("SignerClient", () => {
  it("posts JSON to {url}/signer/v1/<route> with the SDK version header", async () => {
    const fetch = fakeFetch(200, { orgId: "org-1" });
    const client = new SignerClient({ url: "http://localhost:8787/", fetch });
    await expect(client.request("lookup", { email: "a@b.co" })).resolves.toEqual({ orgId: "org-1" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("http://localhost:8787/signer/v1/lookup");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ email: "a@b.co" });
    expect((init.headers as Record<string, string>)[SDK_VERSION_HEADER]).toBe(SDK_VERSION);
    expect(SDK_VERSION).toBe("4.65.0");
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("sends a JWT in preference to an API key", async () => {
    const fetch = fakeFetch(200, {});
    await new SignerClient({ url: "http://x", apiKey: "key", jwt: "jwt", fetch }).request("signer-config", {});
    await new SignerClient({ url: "http://x", apiKey: "key", fetch }).request("signer-config", {});
    const auth = (i: number) => ((fetch.mock.calls[i] as unknown as [string, RequestInit])[1].headers as Record<string, string>).authorization;
    expect(auth(0)).toBe("Bearer jwt");
    expect(auth(1)).toBe("Bearer key");
  });

  it("turns a non-OK answer into a typed error with code, message and details", async () => {
    const client = new SignerClient({ url: "http://x", fetch: fakeFetch(400, { code: "INVALID_OTP", message: "invalid OTP code", details: { left: 2 } }) });
    const error = (await client.request("otp", { orgId: "o", otpId: "i", otpCode: "1", targetPublicKey: "k" }).catch((e) => e)) as SignerHttpError;
    expect(error).toBeInstanceOf(SignerHttpError);
    expect(error.name).toBe("SignerHttpError");
    expect(error.code).toBe("INVALID_OTP");
    expect(error.status).toBe(400);
    expect(error.message).toBe("invalid OTP code");
    expect(error.details).toEqual({ left: 2 });
  });

  it("keeps a plain-text error body as the message; a server failure (5xx) reads as a readable text, the body as its cause", () => {
    expect(toSignerError(404, "Not here").message).toBe("Not here");
    expect(toSignerError(400, "").message).toBe("Request failed with status 400");
    const gateway = toSignerError(502, "Bad gateway");
    expect(gateway.message).toBe("The service is not available right now. Try again later.");
    expect((gateway.cause as Error).message).toBe("Bad gateway");
    expect((toSignerError(500, "").cause as Error).message).toBe("Request failed with status 500");
  });

  it("makes an email-auth error carrying data.multiFactors the MFA-required error", () => {
    const error = toSignerError(403, JSON.stringify({ code: "MFA_REQUIRED", message: "x", data: { multiFactors: [{ multiFactorId: "f1", multiFactorType: "totp" }] } }));
    expect(error).toBeInstanceOf(MfaRequiredError);
    expect(error.message).toBe("MFA is required for this user");
    expect((error as MfaRequiredError).multiFactors[0]?.multiFactorId).toBe("f1");
  });

  it("tells a sign-only session to sign in again (403 SESSION_SCOPE_SIGN_ONLY); other 403s keep the 'Try again later' text", () => {
    const reason = "the server's words";
    const signOnly = toSignerError(403, JSON.stringify({ code: "SESSION_SCOPE_SIGN_ONLY", message: reason, error: reason }));
    expect(signOnly).toBeInstanceOf(PermissionDeniedError);
    expect(signOnly.message).toBe("This session can sign but not export the wallet or change how you sign in. Sign in again to do that.");
    expect(readableErrorText(signOnly)).toBe(signOnly.message);
    expect((signOnly.cause as Error).message).toBe(reason);
    expect(toSignerError(403, JSON.stringify({ code: "NOT_IN_ROOT_QUORUM", message: reason })).message).toBe("The request is currently not allowed by the agent or the platform. Try again later.");
  });

  it("shows spec §8's 'Try again later' text for a 429, keeping the backend's reason and Retry-After", async () => {
    const body = { code: "RATE_LIMITED", message: "Too many wrong codes for this account; try again in 42 s", details: { retryAfterSeconds: 42 } };
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 429, headers: { "Retry-After": "42" } }));
    const client = new SignerClient({ url: "http://x", fetch });
    const error = (await client.request("otp", { orgId: "o", otpId: "i", otpCode: "1", targetPublicKey: "k" }).catch((e) => e)) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toBeInstanceOf(SignerHttpError);
    expect(error.message).toBe("The request is currently not allowed by the agent or the platform. Try again later.");
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(42);
    expect((error.cause as Error).message).toContain("Too many wrong codes");
  });
});
