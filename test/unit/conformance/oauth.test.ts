import { afterEach, describe, expect, it, vi } from "vitest";
import { createKit, getEmbeddedSigner } from "latch-kit";
import { oauth } from "latch-kit/plugins/oauth";
import { runUntil, useFakeClock } from "./fake-time";

// Spec conformance rows about social sign-in (test/CONFORMANCE.md): its timers, observed with fake
// timers, and the answers a popup or a redirect may not give.
const KEY = `04${"cd".repeat(64)}`;
const SIGNER = "http://localhost:9";
const PREPARED = {
  codeChallenge: "c".repeat(43),
  requestKey: "11111111-2222-4333-8444-555555555555",
  authProviders: ["google", "facebook"].map((id) => ({ id, isCustomProvider: false, clientId: `client-${id}`, authEndpoint: `http://idp.test/${id}/authorize` })),
};
const ID_TOKEN = `e30.${Buffer.from(JSON.stringify({ sub: "s1" })).toString("base64url")}.sig`;

function setup() {
  const kit = createKit({ plugins: [oauth()], signer: { url: SIGNER, enablePopupOauth: true } });
  const signer = getEmbeddedSigner(kit);
  signer.frame.init = vi.fn(async () => KEY);
  signer.client.request = vi.fn(async (route: string) => {
    if (route === "prepare-oauth") return structuredClone(PREPARED);
    throw new Error(`unexpected ${route}`);
  }) as never;
  const popup = { closed: false, close: vi.fn(), location: { href: "" } };
  vi.spyOn(window, "open").mockImplementation(() => popup as unknown as Window);
  return { kit, popup };
}

const settled = (promise: Promise<unknown>) => {
  const state = { done: false, error: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => {
      state.done = true;
      state.error = error;
    },
  );
  return state;
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  history.replaceState(null, "", "/");
});

describe("§9 social sign-in timers", () => {
  it("§9 popup closed check every 500 ms: a closed popup is 'OAuth cancelled' at the next check", async () => {
    useFakeClock();
    const { kit, popup } = setup();
    const attempt = settled(kit.authenticate({ type: "oauth", authProviderId: "google", mode: "popup" }));
    await runUntil(() => popup.location.href !== "");
    // Closed right after the check at 1000 ms: the next is at 1500 ms (a 1000 ms period would wait to 2000).
    await vi.advanceTimersByTimeAsync(1000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(499);
    expect(attempt.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt.done).toBe(true);
    expect(attempt.error).toMatchObject({ message: "OAuth cancelled" });
  });

  it("§9 redirect failure timeout 1000 ms: still on the page after 1 s is 'Failed to redirect to OAuth provider after 1 s'", async () => {
    useFakeClock();
    const { kit } = setup();
    const navigate = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const attempt = settled(kit.authenticate({ type: "oauth", authProviderId: "facebook", mode: "redirect" }));
    // vi.waitFor would move the fake clock: let the preparation (WebCrypto) run without time passing.
    await runUntil(() => navigate.mock.calls.length > 0);
    expect(navigate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempt.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt.error).toMatchObject({ message: "Failed to redirect to OAuth provider after 1 s" });
  });
});

describe("§4 what a social sign-in must return", () => {
  it("§4 popup oauth must not return only an id token unless fetchIdTokenOnly", async () => {
    const { kit, popup } = setup();
    const attempt = kit.authenticate({ type: "oauth", authProviderId: "google", mode: "popup" });
    await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
    window.dispatchEvent(
      new MessageEvent("message", { data: { status: "FETCHED_ID_TOKEN_ONLY", idToken: ID_TOKEN }, origin: SIGNER, source: popup as unknown as Window }),
    );
    await expect(attempt).rejects.toMatchObject({ message: "OAuth failed", details: "Only an id token came back" });
    expect(kit.getUser()).toBeNull();
  });

  it("§4 oauth with redirect must return a user: an id-token-only return is refused, and fetchIdTokenOnly needs a popup", async () => {
    const { kit } = setup();
    await expect(kit.authenticate({ type: "oauth", authProviderId: "google", mode: "redirect", fetchIdTokenOnly: true } as never)).rejects.toThrow(
      "fetchIdTokenOnly needs popup mode: a redirect must return a user",
    );
    sessionStorage.setItem("latch:oauth-redirect-pending:latch", String(Date.now()));
    history.replaceState(null, "", `/?status=FETCHED_ID_TOKEN_ONLY&latch-id-token=${ID_TOKEN}&latch-auth-provider=google`);
    const returned = setup().kit;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await returned.start();
    expect(location.search).toBe("");
    expect(returned.getUser()).toBeNull();
    expect((returned.getStep() as { error?: Error }).error?.message).toBe("OAuth failed");
  });
});
