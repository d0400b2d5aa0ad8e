import { describe, expect, it } from "vitest";
import { openInBrowser, sealInBrowser } from "../../server/frames/browserSealed.client";

// The frame's copy of its key, sealed in the browser (no server can open it): SECURITY.md,
// "When the browser blocks the frame's storage".
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("a copy sealed in the browser", () => {
  it("opens to what was sealed, and carries no plaintext", async () => {
    const secret = JSON.stringify({ jwk: { d: "private-scalar" }, expiry: 1 });
    const copy = await sealInBrowser("auth-frame-embedded-key", new TextEncoder().encode(secret));
    expect(copy).not.toContain("private-scalar");
    expect(text(await openInBrowser("auth-frame-embedded-key", copy))).toBe(secret);
    expect(await sealInBrowser("auth-frame-embedded-key", new TextEncoder().encode(secret))).not.toBe(copy);
  });

  it("refuses a tampered copy, a copy for another purpose, a wrong wrapping key and garbage", async () => {
    const copy = await sealInBrowser("auth-frame-embedded-key", new TextEncoder().encode("secret"));
    const [version, key, body] = copy.split(".") as [string, string, string];
    const flip = (s: string) => s.slice(0, -2) + (s.endsWith("AA") ? "BB" : "AA");
    await expect(openInBrowser("auth-frame-embedded-key", `${version}.${key}.${flip(body)}`)).rejects.toThrow(/tampered/);
    await expect(openInBrowser("auth-frame-embedded-key", `${version}.${flip(key)}.${body}`)).rejects.toThrow(/tampered/);
    await expect(openInBrowser("custody-device-share", copy)).rejects.toThrow(/another purpose/);
    await expect(openInBrowser("auth-frame-embedded-key", "v1.abc")).rejects.toThrow(/format/);
    await expect(openInBrowser("auth-frame-embedded-key", `v1.${key}.AAAA`)).rejects.toThrow(/length/);
  });
});
