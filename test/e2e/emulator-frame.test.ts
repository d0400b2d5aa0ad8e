import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hashMessage, recoverMessageAddress } from "viem";
import { startServer, type RunningServer } from "../../server/index";
import { EmulatorClient, SIGN_RAW_PAYLOAD_URL, WHOAMI_URL, signRawPayloadBody } from "../server/support/client";
import { launchChromium, watchPage } from "./support/chromium";
import { startStamperPage } from "./support/stamper-page";

declare global {
  interface Window {
    IframeStamper: typeof import("@turnkey/iframe-stamper").IframeStamper;
    stamper: import("@turnkey/iframe-stamper").IframeStamper;
  }
}

let emulator: RunningServer;
let client: EmulatorClient;
let browser: Browser;
let stamperPage: Awaited<ReturnType<typeof startStamperPage>>;

beforeAll(async () => {
  [emulator, browser, stamperPage] = await Promise.all([startServer({ memory: true, port: 0 }), launchChromium(), startStamperPage()]);
  client = new EmulatorClient(emulator.url);
});
afterAll(async () => {
  await browser?.close();
  await stamperPage?.close();
  await emulator?.stop();
});

/** Creates the stamper against the emulator's auth frame and returns the frame's public key. */
function initStamper(page: Page): Promise<string> {
  return page.evaluate(async (iframeUrl) => {
    window.stamper = new window.IframeStamper({
      iframeUrl,
      iframeContainer: document.getElementById("frame-container"),
      iframeElementId: "turnkey-iframe",
    });
    // init() never rejects on its own: bound it.
    return Promise.race([
      window.stamper.init(),
      new Promise<string>((_, reject) => setTimeout(() => reject(new Error("frame init timed out")), 10_000)),
    ]);
  }, `${emulator.url}/frames/auth`);
}

const stampIn = (page: Page, body: string) => page.evaluate((b) => window.stamper.stamp(b), body);

describe("the auth frame with @turnkey/iframe-stamper in Chromium", () => {
  it("initialises, takes the bundle of an email-code sign-in, and stamps requests the emulator accepts", async () => {
    const page = await browser.newPage();
    const watch = watchPage(page);
    await page.goto(stamperPage.url);

    const publicKey = await initStamper(page);
    expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(await page.evaluate(() => window.stamper.getEmbeddedPublicKey())).toBe(publicKey);

    const noCredential = await page.evaluate(() => window.stamper.stamp("{}").then(() => "stamped", (e: Error) => e.message));
    expect(noCredential).toContain("inject a credential bundle first");

    const email = `frame-${Date.now()}@example.test`;
    const signup = await client.ok("signup", { email, targetPublicKey: publicKey });
    const otp = await client.ok("otp", { orgId: signup.orgId, otpId: signup.otpId, otpCode: await client.latestCode(email), targetPublicKey: publicKey });
    expect(await page.evaluate((b) => window.stamper.injectCredentialBundle(b), otp.credentialBundle)).toBe(true);

    const whoamiBody = JSON.stringify({ organizationId: signup.orgId });
    const stamp = await stampIn(page, whoamiBody);
    expect(stamp.stampHeaderName).toBe("X-Stamp");
    const me = await client.ok("whoami", { stampedRequest: { url: WHOAMI_URL, body: whoamiBody, stamp } });
    expect(me).toMatchObject({ orgId: signup.orgId, userId: signup.userId, address: signup.address, email });

    const message = "signed through the frame";
    const signBody = JSON.stringify(
      signRawPayloadBody({ orgId: signup.orgId } as never, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage(message), signWith: signup.address }),
    );
    const { signature } = await client.ok("sign-payload", { stampedRequest: { url: SIGN_RAW_PAYLOAD_URL, body: signBody, stamp: await stampIn(page, signBody) } });
    expect(await recoverMessageAddress({ message, signature })).toBe(signup.address);

    // A reload keeps the embedded key, so the app can re-inject the bundle it stored.
    await page.reload();
    expect(await initStamper(page)).toBe(publicKey);
    expect(await page.evaluate((b) => window.stamper.injectCredentialBundle(b), otp.credentialBundle)).toBe(true);
    const again = JSON.stringify({ organizationId: signup.orgId, timestampMs: String(Date.now()) });
    expect((await client.post("whoami", { stampedRequest: { url: WHOAMI_URL, body: again, stamp: await stampIn(page, again) } })).status).toBe(200);

    const broken = await page.evaluate(() => window.stamper.injectCredentialBundle("3yZe7d").then(() => "injected", (e: Error) => e.message));
    expect(broken).not.toBe("injected");

    // Clearing the embedded key: the frame forgets it; a new one differs.
    await page.evaluate(() => window.stamper.clearEmbeddedKey());
    expect(await page.evaluate(() => window.stamper.getEmbeddedPublicKey())).toBe("");
    const fresh = await page.evaluate(() => window.stamper.initEmbeddedKey());
    expect(fresh).toMatch(/^04[0-9a-f]{128}$/);
    expect(fresh).not.toBe(publicKey);

    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("also answers a parent that talks to it with window.postMessage (stampers before 2.1)", async () => {
    const page = await browser.newPage();
    await page.goto(stamperPage.url);
    const result = await page.evaluate(async (src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      const messages: { type: string; value: unknown }[] = [];
      const next = (type: string) =>
        new Promise<{ type: string; value: unknown }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${type}`)), 10_000);
          window.addEventListener("message", function on(event) {
            if (event.source !== frame.contentWindow || event.data?.type !== type) return;
            messages.push(event.data);
            clearTimeout(timer);
            window.removeEventListener("message", on);
            resolve(event.data);
          });
        });
      const ready = next("PUBLIC_KEY_READY");
      document.body.appendChild(frame);
      const key = await ready;
      const error = next("ERROR");
      frame.contentWindow!.postMessage({ type: "STAMP_REQUEST", value: "{}" }, new URL(src).origin);
      const stampError = await error;
      const embedded = next("EMBEDDED_PUBLIC_KEY");
      frame.contentWindow!.postMessage({ type: "GET_EMBEDDED_PUBLIC_KEY" }, new URL(src).origin);
      return { key: key.value, stampError: stampError.value, embedded: (await embedded).value };
    }, `${emulator.url}/frames/auth`);
    expect(result.key).toMatch(/^04[0-9a-f]{128}$/);
    expect(result.embedded).toBe(result.key);
    expect(String(result.stampError)).toContain("inject a credential bundle first");
    await page.close();
  });
});
