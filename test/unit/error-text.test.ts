// Errors people can read: backend schema refusals, server failures, network failures, viem and
// Solana errors map to short readable texts (spec texts where it has them); the raw detail stays in
// `cause` (and the console); the kit's own and the backend's other messages are shown as they are.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BaseError, ExecutionRevertedError, UserRejectedRequestError } from "viem";
import { ConnectionTimeoutError, ERROR_TEXTS, LatchError, RateLimitedError, readableErrorText, toSignerError } from "latch-kit";
import { solanaRpcRequest } from "../../lib/solana/rpc";
import { otpErrorText } from "../../lib/sign-in/errors";
import { emailStrings } from "../../lib/sign-in/strings";

const body = (code: string, message: string, details?: unknown) => JSON.stringify({ code, message, ...(details ? { details } : {}) });

afterEach(() => vi.restoreAllMocks());

describe("readable error texts", () => {
  it("a schema refusal from the backend reads 'not valid'; its words (field and value) are the cause", () => {
    const raw = 'contact: must be an email address (was "not-an-email")';
    const error = toSignerError(400, body("INVALID_REQUEST", raw, { issues: [{ path: "contact", message: "must be an email address" }] }));
    expect(error).toMatchObject({ name: "SignerHttpError", code: "INVALID_REQUEST", status: 400, message: "Something you entered is not valid. Check it and try again." });
    expect((error.cause as Error).message).toBe(raw);
    expect(error.message).not.toContain("not-an-email");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readableErrorText(error)).toBe(ERROR_TEXTS.invalidInput);
  });

  it("a server failure (5xx) reads 'not available'; the backend's other answers are written for people and kept", () => {
    const failed = toSignerError(503, "upstream connect error or disconnect/reset before headers");
    expect(failed.message).toBe(ERROR_TEXTS.unavailable);
    expect((failed.cause as Error).message).toContain("upstream connect error");
    const known = toSignerError(401, body("UNKNOWN_CREDENTIAL", "The stamp's passkey is not registered (or was removed)"));
    expect(readableErrorText(known)).toBe("The stamp's passkey is not registered (or was removed)");
  });

  it("spec texts: timeout and rate limit", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readableErrorText(new ConnectionTimeoutError({ what: "otp", timeoutMs: 30_000 }))).toBe("Connection timed out: It looks like you need more time.");
    expect(readableErrorText(new RateLimitedError("RATE_LIMITED", "too many codes", 30))).toBe(
      "The request is currently not allowed by the agent or the platform. Try again later.",
    );
  });

  it("a network failure reads 'could not reach the server', and is logged with its detail", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const offline = new TypeError("Failed to fetch");
    expect(readableErrorText(offline)).toBe(ERROR_TEXTS.offline);
    expect(warn).toHaveBeenCalledWith(expect.any(String), offline);
  });

  it("viem errors: a wallet refusal, a revert, and any other (no hex dump on screen)", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readableErrorText(new UserRejectedRequestError(new Error("User rejected the request.")))).toBe(ERROR_TEXTS.walletRejected);
    expect(readableErrorText(new ExecutionRevertedError({ message: "execution reverted: 0x08c379a0000000000000000000000000" }))).toBe(ERROR_TEXTS.transactionReverted);
    const dump = new BaseError("An unknown RPC error occurred.", { details: `0x${"ab".repeat(200)}` });
    expect(dump.message).toContain("abab");
    expect(readableErrorText(dump)).toBe(ERROR_TEXTS.unexpected);
  });

  it("Solana: a failed preflight simulation reads 'the network refused the transaction'; the logs are the cause, not the message", async () => {
    const logs = ["Program 11111111111111111111111111111111 invoke [1]", "Transfer: insufficient lamports 0, need 1000", "Program 11111111111111111111111111111111 failed: custom program error: 0x1"];
    const fetch = vi.fn(async () => Response.json({ jsonrpc: "2.0", id: 1, error: { code: -32002, message: "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1", data: { logs } } }));
    const error = (await solanaRpcRequest({ rpcUrl: "http://127.0.0.1:9", headers: {} }, "sendTransaction", ["AQ=="], fetch as never).catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain("insufficient lamports");
    expect((error.cause as Error).message).toContain("insufficient lamports");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readableErrorText(error)).toBe(ERROR_TEXTS.transactionRefused);
  });

  it("the kit's own errors are shown as they are", () => {
    expect(readableErrorText(new LatchError("No user found"))).toBe("No user found");
  });

  it("the code screen: the spec's wrong-code text; a schema refusal and a network failure read as readable texts, not raw", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(otpErrorText(toSignerError(400, body("INVALID_OTP", "Invalid OTP code")), emailStrings)).toBe(emailStrings.invalidOtp);
    expect(otpErrorText(toSignerError(400, body("INVALID_REQUEST", 'otpCode: must be 6 digits (was "12")')), emailStrings)).toBe(ERROR_TEXTS.invalidInput);
    expect(otpErrorText(new TypeError("Failed to fetch"), emailStrings)).toBe(ERROR_TEXTS.offline);
  });
});
