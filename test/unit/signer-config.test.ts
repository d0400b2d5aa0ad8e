import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, createKit, getEmbeddedSigner, resolveSignerConfig, type KitConfig } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { oauth } from "latch-kit/plugins/oauth";
import { passkey } from "latch-kit/plugins/passkey";

afterEach(() => vi.unstubAllEnvs());

describe("signer config: your own server, no third-party default", () => {
  it("derives the frame and key-management URLs from signer.url", () => {
    const config = getEmbeddedSigner(createKit({ plugins: [emailOtp()], signer: { url: "https://latch.example.com/" } })).config;
    expect(config).toMatchObject({
      url: "https://latch.example.com",
      authFrameUrl: "https://latch.example.com/frames/auth",
      exportFrameUrl: "https://latch.example.com/frames/export",
      keyManagementUrl: "https://latch.example.com",
    });
  });

  it("keeps URLs given explicitly", () => {
    const config = resolveSignerConfig({ url: "https://a.example", authFrameUrl: "https://frames.example/auth", keyManagementUrl: "https://km.example" });
    expect(config).toMatchObject({ authFrameUrl: "https://frames.example/auth", exportFrameUrl: "https://a.example/frames/export", keyManagementUrl: "https://km.example" });
  });

  it("falls back to the local backend in development, never to a hosted one", () => {
    const config = resolveSignerConfig({});
    for (const url of [config.url, config.authFrameUrl, config.exportFrameUrl, config.keyManagementUrl]) expect(new URL(url).hostname).toBe("localhost");
  });

  it("requires signer.url in production builds", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(() => resolveSignerConfig({})).toThrow(ConfigError);
    expect(() => resolveSignerConfig({})).toThrow("signer.url is required");
    expect(resolveSignerConfig({ url: "https://latch.example.com" }).authFrameUrl).toBe("https://latch.example.com/frames/auth");
  });

  it("refuses unknown keys at createKit, naming them (a mistyped url does not fall back silently)", () => {
    const typo = { plugins: [emailOtp()], signer: { ulr: "https://latch.example.com" } } as unknown as KitConfig;
    expect(() => createKit(typo)).toThrow(ConfigError);
    expect(() => createKit(typo)).toThrow(/signer\.ulr/);
    expect(() => createKit({ signer: { iframeConfig: { containerId: "x" } } } as unknown as KitConfig)).toThrow(/signer\.iframeConfig\.containerId/);
    expect(() => createKit({ singer: {} } as unknown as KitConfig)).toThrow(/singer/);
  });

  it("takes a method's keys only with its plugin installed (each plugin declares its own: signerOptions)", () => {
    const options = { oauthCallbackUrl: "https://app.example/cb", enablePopupOauth: true, rpId: "app.example", emailMode: "magicLink" };
    const kit = createKit({ plugins: [emailOtp(), oauth(), passkey()], signer: options });
    expect(getEmbeddedSigner(kit).config.options).toMatchObject(options);
    expect(() => createKit({ plugins: [emailOtp()], signer: { oauthCallbackUrl: "https://app.example/cb" } } as KitConfig)).toThrow(/signer\.oauthCallbackUrl/);
    expect(() => createKit({ plugins: [oauth()], signer: { enablePopupOauth: "yes" } } as unknown as KitConfig)).toThrow(/signer\.enablePopupOauth/);
    expect(() => createKit({ plugins: [oauth()], signer: { rpId: "app.example" } } as KitConfig)).toThrow(/signer\.rpId/);
  });
});
