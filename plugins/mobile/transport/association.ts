// The association URL (MWA spec "Association"): `solana-wallet:/v1/associate/local?association=…&port=…&v=v1`
// for a wallet on this device, `…/v1/associate/remote?association=…&reflector=…&id=…&v=v1` for one
// reached through a reflector; a wallet's own https base replaces `solana-wallet:/` when it named one.
// And the hand-off: opening the URL, and noticing whether a wallet app came to the front.
import { MOBILE_WALLET_ERROR_CODES as CODES, MobileWalletError } from "../errors";
import { toBase64 } from "./base64";
import { MWA_ASSOCIATION_PORT_MAX, MWA_ASSOCIATION_PORT_MIN, MWA_PROTOCOL_VERSIONS, MWA_WALLET_OPEN_DETECTION_MS } from "./constants";

/** base64url of bytes; the association key's padding is written '.' as the spec's URL-safe form. */
export function base64Url(bytes: Uint8Array, padding: "." | "none"): string {
  const base64 = toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_");
  return padding === "." ? base64.replace(/=/g, ".") : base64.replace(/=+$/, "");
}

/** A random port of the dynamic range. */
export function randomAssociationPort(): number {
  return assertAssociationPort(MWA_ASSOCIATION_PORT_MIN + Math.floor(Math.random() * (MWA_ASSOCIATION_PORT_MAX - MWA_ASSOCIATION_PORT_MIN + 1)));
}

export function assertAssociationPort(port: number): number {
  if (!Number.isInteger(port) || port < MWA_ASSOCIATION_PORT_MIN || port > MWA_ASSOCIATION_PORT_MAX) {
    throw new MobileWalletError(CODES.associationPortOutOfRange, `Association port number must be between ${MWA_ASSOCIATION_PORT_MIN} and ${MWA_ASSOCIATION_PORT_MAX}. ${port} given.`);
  }
  return port;
}

/** A wallet's base URL must be https; ours is `solana-wallet:/`. */
export function assertWalletBaseUrl(baseUri: string): URL {
  let url: URL | null = null;
  try {
    url = new URL(baseUri);
  } catch {
    // refused below
  }
  if (url?.protocol !== "https:") throw new MobileWalletError(CODES.forbiddenWalletBaseUrl, "Base URLs supplied by wallets must be valid `https` URLs");
  return url;
}

function endpoint(path: string, baseUri: string | undefined): URL {
  const base = baseUri ? assertWalletBaseUrl(baseUri) : new URL("solana-wallet:/");
  const parts = (p: string) => p.split("/").filter(Boolean);
  return new URL([...parts(base.pathname), ...parts(path)].join("/"), base);
}

export type AssociationTarget = { kind: "local"; port: number } | { kind: "remote"; reflector: string; reflectorId: Uint8Array };

/** The association URL for the association public key. */
export async function associationUrl(associationPublicKey: CryptoKey, target: AssociationTarget, baseUri?: string): Promise<URL> {
  const url = endpoint(`v1/associate/${target.kind}`, baseUri);
  const raw = new Uint8Array(await globalThis.crypto.subtle.exportKey("raw", associationPublicKey));
  url.searchParams.set("association", base64Url(raw, "."));
  if (target.kind === "local") {
    url.searchParams.set("port", String(assertAssociationPort(target.port)));
  } else {
    url.searchParams.set("reflector", target.reflector);
    url.searchParams.set("id", base64Url(target.reflectorId, "none"));
  }
  for (const version of MWA_PROTOCOL_VERSIONS) url.searchParams.append("v", version);
  return url;
}

/**
 * Opens the association URL. An https app link is opened and trusted (the OS routes it to the wallet,
 * or the page goes there). `solana-wallet:` must make the page lose focus — a wallet app came to the
 * front — within the detection window, or no wallet is installed.
 */
export async function launchAssociation(url: URL): Promise<void> {
  if (url.protocol === "https:") {
    window.location.assign(url);
    return;
  }
  const opened = new Promise<boolean>((resolve) => {
    const onBlur = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      window.removeEventListener("blur", onBlur);
      resolve(false);
    }, MWA_WALLET_OPEN_DETECTION_MS);
    window.addEventListener("blur", onBlur, { once: true });
  });
  window.location.assign(url);
  if (!(await opened)) throw new MobileWalletError(CODES.walletNotFound, "Found no installed wallet that supports the mobile wallet protocol.");
}
