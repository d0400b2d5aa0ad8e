// Where the Mobile Wallet Adapter can work, from the user agent alone (no window needed).

/** Whether the mobile wallet can be used here: unsupported, loadable, or installed. */
export type MobileReadyState = "Unsupported" | "Loadable" | "Installed";
/** How a session reaches the wallet: local (same device) or remote (a reflector, by QR code). */
export type AssociationKind = "local" | "remote";

/** Whether the user agent is Android's. */
export function isAndroid(ua: string): boolean {
  return /android/i.test(ua);
}

/** Whether the user agent is an in-app web view. */
export function isWebView(ua: string): boolean {
  return /(WebView|Version\/.+(Chrome)\/(\d+)\.(\d+)\.(\d+)\.(\d+)|; wv\).+(Chrome)\/(\d+)\.(\d+)\.(\d+)\.(\d+))/i.test(ua);
}

/** Chrome (and Chromium builds that hand `solana-wallet:` URLs to Android): the browsers local association works in. */
export function isChrome(ua: string): boolean {
  return /Chrome\/\d/.test(ua) && !/(Firefox|FxiOS|SamsungBrowser|OPR|EdgA)\//.test(ua);
}

/**
 * Local association on Android outside webviews; remote association (a reflector) elsewhere when the
 * app configured one; none otherwise.
 */
export function associationKind(ua: string, remoteConfigured: boolean): AssociationKind | null {
  if (isAndroid(ua)) return isWebView(ua) ? null : "local";
  return remoteConfigured ? "remote" : null;
}

/** Loadable where a session can be tried; Unsupported elsewhere (Installed comes from a wallet that answered). */
export function mobileReadyState(ua: string, remoteConfigured = false): MobileReadyState {
  return associationKind(ua, remoteConfigured) ? "Loadable" : "Unsupported";
}
