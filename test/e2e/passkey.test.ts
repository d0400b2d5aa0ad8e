import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { verifyMessage } from "viem";
import { watchPage } from "./support/chromium";
import { enterEmailCode, uniqueEmail } from "./support/sign-in";
import { usePageStack } from "./support/stack";
import { addVirtualAuthenticator, type VirtualAuthenticator } from "./support/webauthn";

const stack = usePageStack(["account"]);


async function open(query = ""): Promise<{ page: Page; watch: ReturnType<typeof watchPage>; authenticator: VirtualAuthenticator }> {
  const page = await stack.browser.newPage({ viewport: { width: 1100, height: 900 } });
  const watch = watchPage(page);
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto(`${stack.pages.url}/account?emulator=${encodeURIComponent(stack.emulator.url)}${query}`);
  await status(page, /^DISCONNECTED$/);
  return { page, watch, authenticator };
}

/** Today (UTC) as passkey names write it: '26 Nov 2026'. */
const today = () => new Date().toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).replace("Sept", "Sep");
const status = (page: Page, value: RegExp) => page.getByTestId("status").filter({ hasText: value }).waitFor();
/** The n-th button press of the page ended well. */
const pressed = (page: Page, n: number) => page.getByTestId("outcome").filter({ hasText: new RegExp(`^${n}:ok$`) }).waitFor();

async function signMessage(page: Page, text: string): Promise<void> {
  // The page behind the modal dialog is inert until it closes: typing there would do nothing.
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: "Sign message" }).click();
  await page.getByTestId("signature").filter({ hasText: /^0x/ }).waitFor();
  const address = (await page.getByTestId("user-address").textContent()) as `0x${string}`;
  const signature = (await page.getByTestId("signature").textContent()) as `0x${string}`;
  expect(await verifyMessage({ address, message: text, signature })).toBe(true);
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await status(page, /^DISCONNECTED$/);
}

/** 'I have a passkey' in the dialog. */
async function passkeySignIn(page: Page) {
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "I have a passkey" }).click();
}

async function emailSignUp(page: Page, email: string) {
  await enterEmailCode(page, stack.emulator.url, email);
}

describe("passkeys in Chromium with a virtual authenticator", () => {
  it("'I have a passkey' with no passkey on the device says none was found for this site and offers the other methods", async () => {
    const { page, watch } = await open();
    await passkeySignIn(page);
    await page.getByRole("heading", { name: "Connection failed" }).waitFor();
    await page.getByText("No passkey for this site was found on this device, or the request was cancelled. Sign in another way, or try again.").waitFor();
    await page.getByRole("button", { name: "Use another method" }).click();
    await page.getByRole("textbox", { name: "Email" }).waitFor();
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("signs up with a passkey and signs a message; signs out and back in with the same passkey", async () => {
    const { page, watch, authenticator } = await open();
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await status(page, /^CONNECTED$/);
    await pressed(page, 1);
    const address = await page.getByTestId("user-address").textContent();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await page.getByTestId("events").textContent()).toContain("newUserSignup");
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ rpId: "localhost", isResidentCredential: true });
    await page.getByTestId("auth-methods").filter({ hasText: "passkeys" }).waitFor();
    await signMessage(page, "signed with a passkey");
    // Calls made at once each need a ceremony: the kit runs them one after the other.
    const concurrent = await page.evaluate(async () => {
      const signer = (window as unknown as { __latchSigner: import("latch-kit").EmbeddedSigner }).__latchSigner;
      const orgId = signer.user!.orgId;
      const settled = await Promise.allSettled([signer.whoami(orgId), signer.listAuthMethods(), signer.signRawPayload({ payload: `0x${"11".repeat(32)}` })]);
      return settled.map((r) => (r.status === "fulfilled" ? "ok" : String(r.reason)));
    });
    expect(concurrent).toEqual(["ok", "ok", "ok"]);

    await logOut(page);
    await passkeySignIn(page);
    await status(page, /^CONNECTED$/);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.getByTestId("user-address").textContent()).toBe(address);
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(credential!.signCount);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("offers a passkey after an email sign-up (addPasskeyOnSignup): Continue adds it, 'Passkey added!', complete; that passkey then signs in", async () => {
    const { page, watch } = await open("&addPasskeyOnSignup=true");
    const email = uniqueEmail("offer");
    await emailSignUp(page, email);
    await page.getByRole("heading", { name: "Add a passkey" }).waitFor();
    await page.getByText("Simpler login").waitFor();
    await page.getByText("Enhanced security").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Passkey added!" }).waitFor();
    await page.getByText("You can use this passkey to sign in next time.").waitFor();
    // The listed methods were refreshed with the new passkey before the success screen.
    expect(JSON.parse((await page.getByTestId("auth-methods").textContent())!)).toMatchObject({
      email,
      // Named after the browser, its system and the day.
      passkeys: [{ name: `Chrome on Linux, ${today()}` }],
    });
    // Completes by itself after 5 s.
    await page.getByRole("dialog").waitFor({ state: "detached", timeout: 8000 });
    expect(await page.getByTestId("events").textContent()).toContain("track:add passkey on signup success");
    expect((await page.getByTestId("events").textContent())!.match(/onAuthSuccess/g)).toHaveLength(1);
    const address = await page.getByTestId("user-address").textContent();

    await logOut(page);
    await passkeySignIn(page);
    await status(page, /^CONNECTED$/);
    expect(await page.getByTestId("user-address").textContent()).toBe(address);
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("Skip completes without a passkey (tracked)", async () => {
    const { page, authenticator } = await open("&addPasskeyOnSignup=true");
    await emailSignUp(page, uniqueEmail("skip"));
    await page.getByRole("heading", { name: "Add a passkey" }).waitFor();
    await page.getByRole("button", { name: "Skip" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await status(page, /^CONNECTED$/);
    expect(await page.getByTestId("events").textContent()).toContain("track:add passkey on signup skip");
    expect((await page.getByTestId("events").textContent())!.match(/onAuthSuccess/g)).toHaveLength(1);
    expect(await authenticator.credentials()).toEqual([]);
    await page.getByTestId("auth-methods").filter({ hasText: '"passkeys":[]' }).waitFor();
    await page.close();
  });

  it("renames a passkey, then removes it: signing in with it is then refused by the emulator", async () => {
    const { page } = await open();
    const email = uniqueEmail("remove");
    await emailSignUp(page, email);
    await status(page, /^CONNECTED$/);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Add passkey" }).click();
    await pressed(page, 1);
    // Named after the browser and the day; renamed, the list shows the new name.
    await page.getByRole("button", { name: `Rename Chrome on Linux, ${today()}` }).click();
    await pressed(page, 2);
    const remove = page.getByRole("button", { name: "Remove Work laptop" });
    await remove.waitFor();
    // Adding and removing a passkey need a fresh proof (step-up): this session's sign-in, under five
    // minutes old, is one (an older session is asked for a code: account.test.ts).
    await remove.click();
    await pressed(page, 3);
    await page.getByTestId("auth-methods").filter({ hasText: '"passkeys":[]' }).waitFor();

    await logOut(page);
    await passkeySignIn(page);
    await page.getByText("The stamp's passkey is not registered (or was removed)").waitFor();
    await page.getByRole("button", { name: "Try again" }).waitFor();
    await page.getByRole("button", { name: "Use another method" }).click();
    await page.getByRole("button", { name: "I have a passkey" }).waitFor();
    expect(await page.getByTestId("status").textContent()).toBe("DISCONNECTED");
    await page.close();
  });

  it("shows 'Connection failed' for a cancelled ceremony (the user is not verified), with Use another method", async () => {
    const page = await stack.browser.newPage();
    await addVirtualAuthenticator(page, { isUserVerified: false });
    await page.goto(`${stack.pages.url}/account?emulator=${encodeURIComponent(stack.emulator.url)}`);
    await status(page, /^DISCONNECTED$/);
    await passkeySignIn(page);
    await page.getByRole("heading", { name: "Connection failed" }).waitFor();
    await page.getByRole("button", { name: "Try again" }).waitFor();
    await page.getByRole("button", { name: "Use another method" }).click();
    await page.getByRole("textbox", { name: "Email" }).waitFor();
    await page.close();
  });

  it("Cancel aborts the pending passkey prompt: a retry right after it signs in at once (no wait for the first prompt's timeout)", async () => {
    const { page, watch, authenticator } = await open();
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await status(page, /^CONNECTED$/);
    await logOut(page);
    // No presence: the authenticator never answers, so the prompt stays pending until cancelled.
    await authenticator.cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: authenticator.authenticatorId, enabled: false });
    const pendingGets = await page.evaluateHandle(() => {
      const calls = { started: 0, settled: 0, errors: [] as string[] };
      const get = navigator.credentials.get.bind(navigator.credentials);
      navigator.credentials.get = (options) => {
        calls.started++;
        return get(options).finally(() => calls.settled++).catch((error: Error) => {
          calls.errors.push(error.name);
          throw error;
        });
      };
      return calls;
    });
    await passkeySignIn(page);
    await page.getByRole("heading", { name: "Continue with passkey" }).waitFor();
    await page.waitForFunction((calls) => calls.started === 1, pendingGets);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "I have a passkey" }).waitFor();
    // The browser's ceremony itself ended (aborted), not only the screen.
    await page.waitForFunction((calls) => calls.settled === 1, pendingGets, { timeout: 2000 });
    expect(await pendingGets.evaluate((calls) => calls.errors)).toEqual(["AbortError"]);

    await authenticator.cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: authenticator.authenticatorId, enabled: true });
    const retried = Date.now();
    await page.getByRole("button", { name: "I have a passkey" }).click();
    await status(page, /^CONNECTED$/);
    expect(Date.now() - retried).toBeLessThan(5000);
    // The retry asked once more (the page then lists the methods, stamped by the passkey too).
    expect(await pendingGets.evaluate((calls) => calls.started)).toBeGreaterThanOrEqual(2);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("closing the dialog during the passkey prompt aborts it (status back to DISCONNECTED, a retry works)", async () => {
    const { page, authenticator } = await open();
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await status(page, /^CONNECTED$/);
    await logOut(page);
    await authenticator.cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: authenticator.authenticatorId, enabled: false });
    await passkeySignIn(page);
    await page.getByRole("heading", { name: "Continue with passkey" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await status(page, /^DISCONNECTED$/);
    await authenticator.cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId: authenticator.authenticatorId, enabled: true });
    await passkeySignIn(page);
    await status(page, /^CONNECTED$/);
    await page.close();
  });

  it("refuses an assertion without the user-verified flag (the authenticator lies about UV)", async () => {
    const { page, authenticator } = await open();
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await status(page, /^CONNECTED$/);
    await page.getByTestId("auth-methods").filter({ hasText: "passkeys" }).waitFor();
    await logOut(page);
    await authenticator.cdp.send("WebAuthn.setResponseOverrideBits", { authenticatorId: authenticator.authenticatorId, isBadUV: true });
    await passkeySignIn(page);
    await page.getByText(/user verification/i).waitFor();
    expect(await page.getByTestId("status").textContent()).toBe("DISCONNECTED");
    await page.close();
  });
});

