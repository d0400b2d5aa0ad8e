import { describe, expect, it } from "vitest";
import { passkeyName } from "../../wire/passkey-name";

const NOV_26_2026 = Date.UTC(2026, 10, 26, 13, 0);

describe("passkeyName", () => {
  it("names the browser, its system and the day (UTC)", () => {
    const cases: Array<[string, string]> = [
      ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36", "Chrome on Linux"],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari on macOS"],
      ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "Safari on iOS"],
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0", "Edge on Windows"],
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0", "Firefox on Windows"],
      ["Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
      ["Mozilla/5.0 (Linux; Android 15; SM-S928B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
      ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36", "Chrome on ChromeOS"],
    ];
    for (const [userAgent, device] of cases) expect(passkeyName(userAgent, NOV_26_2026), userAgent).toBe(`${device}, 26 Nov 2026`);
  });

  it("says 'Passkey' when the user agent names nothing it knows", () => {
    expect(passkeyName(undefined, NOV_26_2026)).toBe("Passkey, 26 Nov 2026");
    expect(passkeyName("node", Date.UTC(2027, 0, 3))).toBe("Passkey, 3 Jan 2027");
  });
});
