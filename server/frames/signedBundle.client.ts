/** Signed bundles as the export and import frames check them (browser code). */
import { p256 } from "@noble/curves/nist.js";
import { hex } from "@scure/base";

const BUNDLE_VERSION = "v1.0.0";

/** The only key bundles may be signed with: from the page's markup, written by the server (never from the parent). */
export function bundleSigningKey(): string {
  return (document.querySelector('meta[name="latch-export-signing-key"]')?.getAttribute("content") ?? "").toLowerCase();
}

/**
 * Checks `{version, data, dataSignature, enclaveQuorumPublic}` against the page's signing key and
 * answers the JSON its data carries. `what` names the bundle in errors ("export bundle").
 */
export function readSignedBundle<T>(value: unknown, what: string): T {
  const signingKey = bundleSigningKey();
  if (typeof value !== "string") throw new Error(`${what} must be a string`);
  if (!/^04[0-9a-f]{128}$/.test(signingKey)) throw new Error(`this frame was served without the emulator's signing key`);
  let bundle: { version?: unknown; data?: unknown; dataSignature?: unknown; enclaveQuorumPublic?: unknown };
  try {
    bundle = JSON.parse(value) as typeof bundle;
  } catch {
    throw new Error(`${what} is not JSON`);
  }
  if (bundle.version !== BUNDLE_VERSION) throw new Error(`unsupported ${what} version ${String(bundle.version)}`);
  if (typeof bundle.enclaveQuorumPublic !== "string" || bundle.enclaveQuorumPublic.toLowerCase() !== signingKey) {
    throw new Error(`${what} is signed by an unknown key`);
  }
  let data: Uint8Array;
  let valid: boolean;
  try {
    data = hex.decode(String(bundle.data));
    valid = p256.verify(hex.decode(String(bundle.dataSignature)), data, hex.decode(signingKey), { format: "der", lowS: false });
  } catch {
    data = new Uint8Array();
    valid = false;
  }
  if (!valid) throw new Error(`${what} signature does not verify`);
  return JSON.parse(new TextDecoder().decode(data)) as T;
}
