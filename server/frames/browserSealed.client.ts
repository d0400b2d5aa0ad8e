/**
 * A copy a frame hands to the app to keep for it (its own storage is blocked), sealed in the browser
 * under a fresh random AES-256-GCM key that travels with the copy: no server holds anything that
 * opens it, so no server route can be talked into opening it (a forged `Origin` proves nothing when
 * there is nothing to ask). `purpose` is bound as associated data with the frame's origin: a copy made
 * for one purpose or origin does not open as another.
 *
 * Format: `v1.<wrapping key>.<nonce ‖ ciphertext>`, base64url without padding.
 */
import { base64urlnopad } from "@scure/base";

const VERSION = "v1";

function associatedData(purpose: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`latch-frame-copy|${purpose}|${location.origin}`);
}

export async function sealInBrowser(purpose: string, plaintext: Uint8Array<ArrayBuffer>): Promise<string> {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt"]);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce, additionalData: associatedData(purpose) }, key, plaintext));
  const body = new Uint8Array(nonce.length + sealed.length);
  body.set(nonce, 0);
  body.set(sealed, nonce.length);
  const copy = `${VERSION}.${base64urlnopad.encode(raw)}.${base64urlnopad.encode(body)}`;
  raw.fill(0);
  return copy;
}

/** The plaintext, or an Error saying why the copy does not open (malformed, tampered, another purpose or origin). */
export async function openInBrowser(purpose: string, copy: string): Promise<Uint8Array> {
  const [version, rawText, bodyText, ...rest] = copy.split(".");
  if (version !== VERSION || !rawText || !bodyText || rest.length > 0) throw new Error("not a sealed copy of this format");
  const raw = base64urlnopad.decode(rawText);
  const body = base64urlnopad.decode(bodyText);
  if (raw.length !== 32 || body.length <= 12 + 16) throw new Error("sealed copy has the wrong length");
  const key = await crypto.subtle.importKey("raw", raw.slice(), "AES-GCM", false, ["decrypt"]);
  raw.fill(0);
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt({ name: "AES-GCM", iv: body.slice(0, 12), additionalData: associatedData(purpose) }, key, body.slice(12)),
    );
  } catch (error) {
    throw new Error("sealed copy was tampered with, or made for another purpose or origin", { cause: error });
  }
}
