import { createPrivateKey, hkdfSync, sign, type KeyObject } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import type { Secrets } from "./secrets";
import { base64url, bytesToHex, utf8 } from "./encoding";
import { sealToTargetKey } from "./bundle";

export const EXPORT_BUNDLE_VERSION = "v1.0.0";

export interface ExportSigningKey {
  /** Uncompressed P-256 public key, hex: what the export frame page is served with. */
  publicKeyHex: string;
  privateKey: KeyObject;
}

const signingKeys = new WeakMap<Secrets, ExportSigningKey>();

/** The emulator's export-signing key, derived from its master secret (so it survives restarts). */
export function exportSigningKey(secrets: Secrets): ExportSigningKey {
  let key = signingKeys.get(secrets);
  if (!key) {
    // noble maps ≥ 40 seed bytes onto the curve order without bias.
    const seed = new Uint8Array(hkdfSync("sha256", secrets.key("export-signing"), "", "p256-scalar", 48));
    const scalar = p256.utils.randomSecretKey(seed);
    const point = p256.getPublicKey(scalar, false);
    key = {
      publicKeyHex: bytesToHex(point),
      privateKey: createPrivateKey({
        key: { kty: "EC", crv: "P-256", d: base64url(scalar), x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) },
        format: "jwk",
      }),
    };
    signingKeys.set(secrets, key);
  }
  return key;
}

/**
 * An export bundle: the secret HPKE-sealed to the export frame's key (info "turnkey_hpke", AAD =
 * encapsulated key ‖ target key, both uncompressed), wrapped as
 * `{version, data: hex(JSON{encappedPublic, ciphertext, organizationId}), dataSignature, enclaveQuorumPublic}`
 * with a DER ECDSA-P256-SHA256 signature over the data bytes by the emulator's export-signing key.
 */
export async function sealExportBundle(secrets: Secrets, targetPublicKeyHex: string, secret: Uint8Array, organizationId: string): Promise<string> {
  const { enc, ciphertext } = sealToTargetKey(targetPublicKeyHex, secret);
  return signedBundle(secrets, { encappedPublic: bytesToHex(enc), ciphertext: bytesToHex(ciphertext), organizationId });
}

/**
 * `{version, data: hex(JSON), dataSignature, enclaveQuorumPublic}`: the JSON signed (DER
 * ECDSA-P256-SHA256 over the data bytes) by the emulator's bundle-signing key, which the export and
 * import frame pages carry. Export and import bundles both take this form.
 */
export function signedBundle(secrets: Secrets, content: Record<string, string>): string {
  const data = utf8(JSON.stringify(content));
  const key = exportSigningKey(secrets);
  const dataSignature = sign("sha256", data, { key: key.privateKey, dsaEncoding: "der" });
  return JSON.stringify({
    version: EXPORT_BUNDLE_VERSION,
    data: bytesToHex(data),
    dataSignature: bytesToHex(dataSignature),
    enclaveQuorumPublic: key.publicKeyHex,
  });
}
