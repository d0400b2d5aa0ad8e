import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieStorage, MAX_TIMER_MS, SessionManager, type User } from "latch-kit";

const user: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x0000000000000000000000000000000000000001" };

function manager(expirationTimeMs = 60_000, onEnd = vi.fn()) {
  return { sessions: new SessionManager({ storage: "local", sessionKey: "test-session", expirationTimeMs, onEnd }), onEnd };
}

afterEach(() => vi.useRealTimers());

describe("SessionManager", () => {
  it("stores a session with its expiry and loads it back", () => {
    const { sessions } = manager();
    const session = sessions.create("otp", user, { bundle: "b" });
    expect(session.expirationDateMs).toBeGreaterThan(Date.now());
    expect(JSON.parse(localStorage.getItem("test-session")!).bundle).toBe("b");
    expect(sessions.load()?.user).toEqual(user);
    sessions.clear();
    expect(localStorage.getItem("test-session")).toBeNull();
  });

  it("clears an expired or malformed stored session", () => {
    const { sessions } = manager();
    localStorage.setItem("test-session", JSON.stringify({ type: "otp", user, expirationDateMs: Date.now() - 1 }));
    expect(sessions.load()).toBeNull();
    expect(localStorage.getItem("test-session")).toBeNull();
    localStorage.setItem("test-session", "{not json");
    expect(sessions.load()).toBeNull();
    expect(localStorage.getItem("test-session")).toBeNull();
  });

  it("ends the session when it expires", () => {
    vi.useFakeTimers();
    const { sessions, onEnd } = manager(5_000);
    sessions.create("otp", user);
    vi.advanceTimersByTime(4_999);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("caps the timer at 2147483647 ms and re-arms for longer sessions", () => {
    vi.useFakeTimers();
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    const { sessions, onEnd } = manager(MAX_TIMER_MS * 2);
    sessions.create("otp", user);
    expect(setTimeoutSpy.mock.calls.at(-1)?.[1]).toBe(MAX_TIMER_MS);
    vi.advanceTimersByTime(MAX_TIMER_MS);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MAX_TIMER_MS + 1);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("ends on focus when the stored user changed (another tab)", () => {
    const { sessions, onEnd } = manager();
    sessions.create("otp", user);
    window.dispatchEvent(new Event("focus"));
    expect(onEnd).not.toHaveBeenCalled();
    localStorage.setItem("test-session", JSON.stringify({ type: "otp", user: { ...user, userId: "u2" }, expirationDateMs: Date.now() + 60_000 }));
    window.dispatchEvent(new Event("focus"));
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("keeps the temporary session under <sessionKey>:temporary", () => {
    const { sessions } = manager();
    sessions.setTemporary({ orgId: "o1", isNewUser: true, otpId: "otp-1" });
    sessions.updateTemporary({ mfaFactorId: "f1" });
    expect(JSON.parse(localStorage.getItem("test-session:temporary")!)).toEqual({ orgId: "o1", isNewUser: true, otpId: "otp-1", mfaFactorId: "f1" });
    sessions.clearTemporary();
    expect(sessions.getTemporary()).toBeNull();
  });
});

describe("cookieStorage", () => {
  it("reads, writes and removes cookies", () => {
    const storage = cookieStorage();
    storage.setItem("latch-test", JSON.stringify({ a: "b; c" }));
    expect(JSON.parse(storage.getItem("latch-test")!)).toEqual({ a: "b; c" });
    storage.removeItem("latch-test");
    expect(storage.getItem("latch-test")).toBeNull();
  });
});
