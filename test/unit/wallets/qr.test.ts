import { describe, expect, it } from "vitest";
import { parseHexColor, qrMatrix } from "latch-kit/plugins/walletconnect";

describe("QR options (spec §5, §9)", () => {
  it("accepts hex colours of 3, 4, 6 or 8 digits", () => {
    expect(parseHexColor("#abc")).toBe("#aabbccff");
    expect(parseHexColor("abcd")).toBe("#aabbccdd");
    expect(parseHexColor("#A1B2C3")).toBe("#a1b2c3ff");
    expect(parseHexColor("#a1b2c3d4")).toBe("#a1b2c3d4");
  });

  it("refuses other lengths and non-strings with 'Invalid hex color'", () => {
    for (const bad of ["#ab", "#abcde", "#abcdefa", "#xyz", 123, null]) expect(() => parseHexColor(bad)).toThrow("Invalid hex color");
  });

  it("takes versions 1 to 40 only", () => {
    expect(qrMatrix("x", { version: 1 }).size).toBe(21);
    expect(qrMatrix("x", { version: 40 }).size).toBe(177);
    expect(() => qrMatrix("x", { version: 0 })).toThrow();
    expect(() => qrMatrix("x", { version: 41 })).toThrow();
  });

  it("defaults to margin 4 and scale 4, and ignores a width below 21", () => {
    const natural = qrMatrix("hello", { version: 1 });
    expect(natural.margin).toBe(4);
    expect(natural.width).toBe((21 + 8) * 4);
    expect(qrMatrix("hello", { version: 1, width: 20 }).width).toBe(natural.width);
    expect(qrMatrix("hello", { version: 1, width: 200 }).width).toBe(200);
  });

  it("has the four error correction levels", () => {
    const sizes = (["L", "M", "Q", "H"] as const).map((level) => qrMatrix("wc:" + "a".repeat(120), { errorCorrectionLevel: level }).size);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(sizes[3]).toBeGreaterThan(sizes[0]!);
  });
});
