import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createKit, getEmbeddedSigner, type Kit, type User } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { oauth, type SocialSectionConfig } from "latch-kit/plugins/oauth";

// The social screens and the popup / redirect handling with the backend stubbed on the signer;
// the real flow runs end to end in Chromium against the emulator (test/e2e/social.test.ts).
const KEY = `04${"cd".repeat(64)}`;
// Loopback port 9: a request that escapes the stubs fails at once.
const SIGNER = "http://localhost:9";
const CALLBACK_ORIGIN = "http://localhost:9";
const PREPARED = {
  codeChallenge: "c".repeat(43),
  requestKey: "11111111-2222-4333-8444-555555555555",
  authProviders: ["google", "facebook", "apple", "twitch", "auth0"].map((id) => ({
    id,
    isCustomProvider: false,
    clientId: `client-${id}`,
    authEndpoint: `http://idp.test/${id}/authorize`,
  })),
};
const USER: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x0000000000000000000000000000000000000001" };
// header.{"sub":"s1","email":"ada@example.com"}.signature
const ID_TOKEN = `e30.${Buffer.from(JSON.stringify({ sub: "s1", email: "ada@example.com" })).toString("base64url")}.sig`;

interface FakePopup {
  closed: boolean;
  close: ReturnType<typeof vi.fn>;
  location: { href: string };
}

function fakePopup(): FakePopup {
  const popup: FakePopup = { closed: false, close: vi.fn(() => void (popup.closed = true)), location: { href: "" } };
  return popup;
}

const google: SocialSectionConfig = { type: "social", authProviderId: "google", mode: "popup" };
const facebook: SocialSectionConfig = { type: "social", authProviderId: "facebook", mode: "redirect" };
const auth0: SocialSectionConfig = {
  type: "social",
  authProviderId: "auth0",
  auth0Connection: "github",
  displayName: "GitHub",
  logoUrl: "data:image/svg+xml,light",
  logoUrlDark: "data:image/svg+xml,dark",
  mode: "popup",
};

afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, "", "/");
});

async function setup(options: { sections?: SocialSectionConfig[][]; ui?: Record<string, unknown>; signer?: Record<string, unknown>; open?: boolean } = {}) {
  const kit = createKit({
    plugins: [emailOtp(), oauth()],
    signer: { url: SIGNER, ...options.signer },
    ui: { auth: { sections: options.sections ?? [[google, facebook, auth0]] }, ...options.ui },
  });
  const signer = getEmbeddedSigner(kit);
  // Stubs on this kit's own signer (not spies: restoring them after the test would let a late
  // background preparation reach the network).
  signer.frame.init = vi.fn(async () => KEY);
  signer.initialize = vi.fn(async () => kit.setStatus("DISCONNECTED"));
  const request = vi.fn((async (route: string) => {
    if (route === "prepare-oauth") return structuredClone(PREPARED);
    if (route === "add-oauth-provider") return { oauthProviders: [{ providerId: "p1", issuer: "http://idp.test/google", providerName: "google" }] };
    if (route === "list-auth-methods") return { oauthProviders: [], passkeys: [] };
    throw new Error(`unexpected ${route}`);
  }) as never) as unknown as ReturnType<typeof vi.fn> & typeof signer.client.request;
  signer.client.request = request;
  signer.stampedRequest = vi.fn(async () => ({ url: "u", body: "{}", stamp: { stampHeaderName: "X-Stamp", stampHeaderValue: "s" } }));
  const complete = vi.fn(async (params: Parameters<typeof signer.completeWithBundle>[0]) => {
    const user = { ...USER, orgId: params.orgId, ...params.userExtras };
    kit.setUser(user);
    kit.setStatus("CONNECTED");
    return user;
  });
  signer.completeWithBundle = complete;
  const popups: FakePopup[] = [];
  const open = vi.spyOn(window, "open").mockImplementation(() => {
    const popup = fakePopup();
    popups.push(popup);
    return popup as unknown as Window;
  });
  render(<LatchProvider kit={kit} />);
  await act(() => kit.start());
  if (options.open !== false) act(() => kit.openModal());
  return { kit, signer, request, complete, open, popups };
}

function post(data: unknown, origin = CALLBACK_ORIGIN, source: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as Window }));
  });
}

const openedUrl = (open: ReturnType<typeof vi.spyOn>, call = 0) => new URL(String(open.mock.calls[call]![0]));

describe("social section", () => {
  it("draws 'Continue with {provider}' per entry, the custom logo and displayName for auth0", async () => {
    await setup();
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue with Facebook" })).toBeTruthy();
    const github = screen.getByRole("button", { name: "Continue with GitHub" });
    expect(github.querySelector("img")?.getAttribute("src")).toBe("data:image/svg+xml,light");
  });

  it("the dark theme shows logoUrlDark", async () => {
    await setup({ ui: { theme: "dark" } });
    expect(screen.getByRole("button", { name: "Continue with GitHub" }).querySelector("img")?.getAttribute("src")).toBe("data:image/svg+xml,dark");
  });
});

describe("popup mode", () => {
  it("opens the 500x600 window inside the click with the login URL, and shows oauth_completing", async () => {
    const { kit, open } = await setup();
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(open).toHaveBeenCalledTimes(1); // synchronously, in the click
    expect(String(open.mock.calls[0]![2])).toMatch(/^popup,width=500,height=600,/);
    const url = openedUrl(open);
    expect(`${url.origin}${url.pathname}`).toBe("http://idp.test/google/authorize");
    expect(url.searchParams.get("redirect_uri")).toBe(`${SIGNER}/callback`);
    expect(url.searchParams.get("client_id")).toBe("client-google");
    expect(kit.getStep().type).toBe("oauth_completing");
    expect(kit.getStatus()).toBe("AUTHENTICATING_OAUTH");
    expect(screen.getByRole("heading", { name: "Continue with Google" })).toBeTruthy();
    expect(screen.getByText("Follow the steps in the pop up window to sign in with Google")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Contact support" })).toBeNull();
  });

  it("ignores messages from another origin or another window, then completes with the popup's bundle", async () => {
    const { kit, open, popups, complete } = await setup({ ui: { supportUrl: "https://help.test" } });
    expect(screen.queryByRole("link", { name: "Contact support" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("target")).toBe("_blank");
    const success = { status: "SUCCESS", bundle: "b", orgId: "o9", idToken: ID_TOKEN, accessToken: "at", isSignup: true, authProvider: "google" };
    post(success, "http://evil.test", popups[0]);
    post(success, CALLBACK_ORIGIN, window);
    post(success, CALLBACK_ORIGIN, {});
    await new Promise((r) => setTimeout(r, 20));
    expect(complete).not.toHaveBeenCalled();
    expect(kit.getStep().type).toBe("oauth_completing");
    post(success, CALLBACK_ORIGIN, popups[0]);
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
    expect(complete).toHaveBeenCalledWith({
      bundle: "b",
      orgId: "o9",
      sessionType: "oauth",
      isNewUser: true,
      userExtras: { idToken: ID_TOKEN, accessToken: "at", claims: { sub: "s1", email: "ada@example.com" } },
    });
    expect(popups[0]!.close).toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("a popup closed by the user is 'OAuth cancelled': back to initial without an error", async () => {
    const { kit, popups, signer } = await setup();
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    popups[0]!.closed = true;
    await waitFor(() => expect(kit.getStep()).toEqual({ type: "initial" }), { timeout: 1500 });
    expect(signer.state.error?.message).toBe("OAuth cancelled");
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });

  it("an error from the popup shows the panel: 'Couldn't connect to {provider}', Try again reopens, Use another method, Need help?", async () => {
    const { kit, popups, open } = await setup({ ui: { supportUrl: "https://help.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue with GitHub" }));
    expect(openedUrl(open).searchParams.get("connection")).toBe("github");
    post({ error: "The user cancelled the sign-in", authProvider: "auth0" }, CALLBACK_ORIGIN, popups[0]);
    await screen.findByRole("heading", { name: "Couldn't connect to GitHub" });
    // What the provider said, for people (a cancel on its page would carry errorCode access_denied).
    expect(screen.getByTestId("oauth-error").textContent).toBe("The user cancelled the sign-in");
    expect(screen.getByText("Need help?")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("https://help.test");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(kit.getStep()).toMatchObject({ type: "oauth_completing", config: { authProviderId: "auth0" } });
    post({ status: "SOMETHING_ELSE" }, CALLBACK_ORIGIN, popups[1]);
    await screen.findByRole("heading", { name: "Couldn't connect to GitHub" });
    expect(screen.getByTestId("oauth-error").textContent).toBe("Unknown status");
    fireEvent.click(screen.getByRole("button", { name: "Use another method" }));
    expect(kit.getStep().type).toBe("initial");
  });

  it("a provider failure with a known code shows this plugin's text for it: provider down, app misconfigured, sign-in refused", async () => {
    const { popups } = await setup();
    const cases: Array<[string, string]> = [
      ["PROVIDER_UNAVAILABLE", "GitHub is not answering right now. Try again in a few minutes, or sign in another way."],
      ["invalid_client", "Sign-in with GitHub is not set up correctly for this app. Sign in another way, and let the app's support know."],
      ["TOKEN_EXCHANGE_FAILED", "GitHub did not accept this sign-in. Start again."],
    ];
    for (const [index, [errorCode, text]] of cases.entries()) {
      if (index === 0) fireEvent.click(screen.getByRole("button", { name: "Continue with GitHub" }));
      else fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      post({ error: `what the backend said about ${errorCode}`, errorCode, authProvider: "auth0" }, CALLBACK_ORIGIN, popups[index]);
      await waitFor(() => expect(screen.getByTestId("oauth-error").textContent).toBe(text));
    }
  });

  it("access_denied from the provider (Cancel on its page) is a cancel: back to initial quietly, no panel, no banner", async () => {
    const { kit, popups } = await setup();
    fireEvent.click(screen.getByRole("button", { name: "Continue with GitHub" }));
    post({ error: "The user cancelled the sign-in", errorCode: "access_denied", authProvider: "auth0" }, CALLBACK_ORIGIN, popups[0]);
    await waitFor(() => expect(kit.getStep()).toEqual({ type: "initial" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });

  it("an aborted signal closes the popup and rejects kit.authenticate with its reason", async () => {
    const { kit, popups } = await setup();
    const controller = new AbortController();
    const attempt = kit.authenticate({ type: "oauth", authProviderId: "auth0", auth0Connection: "github", mode: "popup", signal: controller.signal });
    controller.abort();
    await expect(attempt).rejects.toMatchObject({ name: "AbortError" });
    expect(popups[0]!.close).toHaveBeenCalled();
  });

  it("back while the popup is open closes it and returns to initial", async () => {
    const { kit, popups } = await setup();
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    act(() => kit.back());
    expect(kit.getStep().type).toBe("initial");
    await waitFor(() => expect(popups[0]!.close).toHaveBeenCalled());
  });

  it("opens a blank window in the click when no request is ready, then sends it to the provider", async () => {
    const { open, popups, request } = await setup();
    const pending: Array<() => void> = [];
    request.mockImplementation(((route: string) =>
      route === "prepare-oauth" ? new Promise((resolve) => pending.push(() => resolve(structuredClone(PREPARED)))) : Promise.reject(new Error(route))) as never);
    // The request prepared at start is used by the first click; the next one is still on its way.
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(String(open.mock.calls[0]![0])).toMatch(/^http:\/\/idp\.test\/google\/authorize\?/);
    post({ error: "x" }, CALLBACK_ORIGIN, popups[0]);
    await screen.findByRole("heading", { name: "Couldn't connect to Google" });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open.mock.calls[1]![0]).toBe("");
    await waitFor(() => expect(pending.length).toBeGreaterThanOrEqual(2));
    for (const release of pending) release();
    await waitFor(() => expect(popups[1]!.location.href).toMatch(/^http:\/\/idp\.test\/google\/authorize\?/));
  });

  it("popup mode needs enablePopupOauth or a prior preparation", async () => {
    const { kit } = await setup({ sections: [[facebook]] });
    await expect(kit.authenticate({ type: "oauth", mode: "popup", authProviderId: "google" })).rejects.toThrow(
      "enablePopupOauth must be set in configuration or preparePopupOauth must be called before using popup-based OAuth login",
    );
    const enabled = await setup({ sections: [[facebook]], signer: { enablePopupOauth: true } });
    const attempt = enabled.kit.authenticate({ type: "oauth", mode: "popup", authProviderId: "google" });
    expect(enabled.open).toHaveBeenCalledTimes(1);
    enabled.popups[0]!.closed = true;
    await expect(attempt).rejects.toThrow("OAuth cancelled");
  });
});

describe("account linking", () => {
  it("ACCOUNT_LINKING_CONFIRMATION_REQUIRED opens the code entry for that email; once signed in, the provider is added", async () => {
    const { kit, popups, request, signer } = await setup();
    const linking = vi.fn();
    kit.events.on("emailAuthLinkingRequired", linking);
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    post(
      { status: "ACCOUNT_LINKING_CONFIRMATION_REQUIRED", orgId: "o7", otpId: "otp-1", email: "ada@example.com", idToken: ID_TOKEN, accessToken: "at", authProvider: "google" },
      CALLBACK_ORIGIN,
      popups[0],
    );
    await waitFor(() => expect(kit.getStep()).toMatchObject({ type: "otp_verify", email: "ada@example.com" }));
    expect(linking).toHaveBeenCalledWith({ email: "ada@example.com", otpId: "otp-1", orgId: "o7", providerName: "google" });
    expect(signer.sessions.getTemporary()).toMatchObject({ orgId: "o7", otpId: "otp-1", contact: "ada@example.com" });
    expect(signer.state.authLinkingStatus).toMatchObject({ email: "ada@example.com", providerName: "google", idToken: ID_TOKEN });
    expect(kit.getStatus()).toBe("AWAITING_OTP_AUTH");
    // The code signs the existing user in (submitOtpCode → completeWithBundle → connected).
    act(() => kit.setUser({ ...USER, orgId: "o7" }));
    await waitFor(() => expect(request).toHaveBeenCalledWith("add-oauth-provider", expect.anything(), expect.anything()));
    expect(signer.stampedRequest).toHaveBeenCalledWith(
      "submit/create_oauth_providers",
      {
        type: "ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS",
        timestampMs: expect.any(String),
        organizationId: "o7",
        parameters: { userId: "u1", oauthProviders: [{ providerName: "google", oidcToken: ID_TOKEN }] },
      },
      undefined,
      {},
    );
    await waitFor(() => expect(signer.state.authLinkingStatus).toBeUndefined());
  });
});

/** What the kit leaves in session storage when it starts a redirect sign-in in this tab. */
const markRedirectStarted = () => sessionStorage.setItem("latch:oauth-redirect-pending:latch", String(Date.now()));

describe("redirect mode", () => {
  it("navigates to the provider with redirectUrl = this page; still here after 1 s is an error", async () => {
    const { kit, open } = await setup();
    history.replaceState(null, "", "/shop?item=2");
    const navigate = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole("button", { name: "Continue with Facebook" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(open).not.toHaveBeenCalled();
    const url = new URL(String(navigate.mock.calls[0]![0]));
    const state = JSON.parse(Buffer.from(url.searchParams.get("state")!, "base64url").toString());
    expect(state.redirectUrl).toBe(`${location.origin}/shop?item=2`);
    expect(state.openerOrigin).toBeUndefined();
    await screen.findByRole("heading", { name: "Couldn't connect to Facebook" }, { timeout: 2000 });
    expect(screen.getByTestId("oauth-error").textContent).toBe("Failed to redirect to OAuth provider after 1 s");
    expect(kit.getStep().type).toBe("oauth_completing");
  });

  it("on return, reads the result from the URL, removes it, and completes", async () => {
    markRedirectStarted();
    history.replaceState(null, "", `/shop?item=2&status=SUCCESS&latch-bundle=b2&latch-org-id=o2&latch-id-token=${ID_TOKEN}&latch-auth-provider=facebook&latch-is-signup=true`);
    const onAuthSuccess = vi.fn();
    const { kit, complete } = await setup({ ui: { onAuthSuccess }, open: false });
    expect(location.search).toBe("?item=2");
    expect(complete).toHaveBeenCalledWith(expect.objectContaining({ bundle: "b2", orgId: "o2", sessionType: "oauth", isNewUser: true }));
    expect(kit.getStep().type).toBe("complete");
    expect(onAuthSuccess).toHaveBeenCalledWith(expect.objectContaining({ orgId: "o2", idToken: ID_TOKEN }));
  });

  it("an OAuth error in the URL becomes the initial step's error, named OauthError, and the dialog opens", async () => {
    markRedirectStarted();
    history.replaceState(null, "", "/?latch-error=The%20user%20cancelled%20the%20sign-in&latch-auth-provider=facebook");
    const { kit, complete } = await setup({ open: false });
    expect(location.search).toBe("");
    const step = kit.getStep() as { type: string; error?: Error };
    expect(step.type).toBe("initial");
    expect(step.error?.name).toBe("OauthError");
    expect(step.error?.message).toBe("The user cancelled the sign-in");
    expect(kit.isModalOpen()).toBe(true);
    expect(complete).not.toHaveBeenCalled();
  });

  it("refuses a result this tab did not start (no pending mark): login CSRF", async () => {
    sessionStorage.clear();
    history.replaceState(null, "", "/?status=SUCCESS&latch-bundle=evil&latch-org-id=o9&latch-auth-provider=facebook");
    const { kit, complete } = await setup({ open: false });
    expect(location.search).toBe("");
    expect(complete).not.toHaveBeenCalled();
    expect((kit.getStep() as { error?: Error }).error?.message).toBe("This sign-in was not started in this tab: sign in again");
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });

  it("marks the tab when it starts a redirect sign-in", async () => {
    sessionStorage.clear();
    await setup();
    vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole("button", { name: "Continue with Facebook" }));
    await waitFor(() => expect(sessionStorage.getItem("latch:oauth-redirect-pending:latch")).toMatch(/^\d+$/));
  });

  it("an unknown status in the URL is 'Unknown status'", async () => {
    markRedirectStarted();
    history.replaceState(null, "", "/?status=WHAT&latch-auth-provider=facebook");
    const { kit } = await setup({ open: false });
    expect((kit.getStep() as { error?: Error }).error?.message).toBe("Unknown status");
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });
});

describe("adding and removing providers", () => {
  it("add-oauth-provider with a token, remove-oauth-provider by id, each refreshing the listed methods", async () => {
    const { kit, request, signer } = await setup({ open: false });
    act(() => kit.setUser(USER));
    const { addOauthProvider, removeOauthProvider } = await import("latch-kit/plugins/oauth");
    request.mockImplementation((async (route: string) => {
      if (route === "add-oauth-provider") return { oauthProviders: [{ providerId: "p1", issuer: "i", providerName: "google" }] };
      if (route === "remove-oauth-provider") return {};
      if (route === "list-auth-methods") return { oauthProviders: [], passkeys: [] };
      if (route === "prepare-oauth") return structuredClone(PREPARED);
      throw new Error(route);
    }) as never);
    signer.listAuthMethods = vi.fn(async () => ({ oauthProviders: [], passkeys: [] }));
    expect(await addOauthProvider(kit, { providerName: "google", oidcToken: ID_TOKEN })).toEqual({ providerId: "p1", issuer: "i", providerName: "google" });
    await removeOauthProvider(kit, "p1");
    // Then: no stamper of its own (the session's), and the call's options (its abort signal).
    expect(signer.stampedRequest).toHaveBeenLastCalledWith(
      "submit/delete_oauth_providers",
      {
        type: "ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS",
        timestampMs: expect.any(String),
        organizationId: "o1",
        parameters: { userId: "u1", providerIds: ["p1"] },
      },
      undefined,
      {},
    );
    expect(signer.listAuthMethods).toHaveBeenCalledTimes(2);
  });

  it("with a social config it fetches the id token in a popup, opened in the call, without changing the status", async () => {
    const { kit, popups, open } = await setup({ open: false });
    act(() => {
      kit.setUser(USER);
      kit.setStatus("CONNECTED");
    });
    const { addOauthProvider } = await import("latch-kit/plugins/oauth");
    getEmbeddedSigner(kit).listAuthMethods = vi.fn(async () => ({ oauthProviders: [], passkeys: [] }));
    const adding = addOauthProvider(kit as Kit, { authProviderId: "google" });
    expect(open).toHaveBeenCalledTimes(1);
    expect(JSON.parse(Buffer.from(openedUrl(open).searchParams.get("state")!, "base64url").toString()).fetchIdTokenOnly).toBe(true);
    expect(kit.getStatus()).toBe("CONNECTED");
    post({ status: "FETCHED_ID_TOKEN_ONLY", idToken: ID_TOKEN, authProvider: "google" }, CALLBACK_ORIGIN, popups[0]);
    await expect(adding).resolves.toMatchObject({ providerId: "p1" });
    expect(kit.getStatus()).toBe("CONNECTED");
  });
});
