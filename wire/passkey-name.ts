// A passkey's name as people recognise it: the browser and system that made it, and the day.
// Shared by the kit (adding a passkey) and the server (a passkey sign-up names its first passkey), so
// both name passkeys alike: here in wire/, the one place both sides import.

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bWindows\b/, "Windows"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const first = (table: Array<[RegExp, string]>, userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * 'Chrome on Linux, 26 Nov 2026' from a user agent and a time (ms, the day in UTC); 'Passkey, 26 Nov
 * 2026' when the user agent names neither a known browser nor a known system.
 */
export function passkeyName(userAgent: string | undefined, timeMs: number): string {
  const date = new Date(timeMs);
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  const browser = first(BROWSERS, userAgent ?? "");
  const system = first(SYSTEMS, userAgent ?? "");
  const device = browser && system ? `${browser} on ${system}` : (browser ?? system ?? "Passkey");
  return `${device}, ${day}`;
}
