import { createPublicKey, verify } from "node:crypto";
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import type { TargetKey } from "./client";

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** The export-signing key the emulator bakes into its export frame page. */
export async function exportFrameSigningKey(emulatorUrl: string): Promise<string> {
  const html = await (await fetch(`${emulatorUrl}/frames/export`)).text();
  const match = /<meta name="latch-export-signing-key" content="(04[0-9a-f]{128})">/.exec(html);
  if (!match) throw new Error("the export frame page carries no signing key");
  return match[1]!;
}

/** The JSON a signed bundle (export or import) carries, once its signature by `signingKey` checks out. */
export function readSignedBundle<T>(bundle: string, signingKey: string): T {
  const parsed = JSON.parse(bundle) as { version: string; data: string; dataSignature: string; enclaveQuorumPublic: string };
  if (parsed.version !== "v1.0.0") throw new Error(`version ${parsed.version}`);
  if (parsed.enclaveQuorumPublic !== signingKey) throw new Error("signed by another key");
  const point = Buffer.from(signingKey, "hex");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: "jwk" });
  const data = Buffer.from(parsed.data, "hex");
  if (!verify("sha256", data, { key, dsaEncoding: "der" }, Buffer.from(parsed.dataSignature, "hex"))) throw new Error("bad signature");
  return JSON.parse(data.toString("utf8")) as T;
}

/** Opens an export bundle as the export frame does: signature by `signingKey`, organisation, HPKE to `target`. */
export async function openExportBundle(bundle: string, target: TargetKey, signingKey: string, organizationId: string): Promise<Uint8Array> {
  const inner = readSignedBundle<{ encappedPublic: string; ciphertext: string; organizationId: string }>(bundle, signingKey);
  if (inner.organizationId !== organizationId) throw new Error("other organisation");
  const enc = new Uint8Array(Buffer.from(inner.encappedPublic, "hex"));
  const receiver = p256.getPublicKey(target.privateKey, false);
  const recipientKey = await suite.kem.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", d: b64u(target.privateKey), x: b64u(receiver.subarray(1, 33)), y: b64u(receiver.subarray(33)) },
    false,
  );
  const ctx = await suite.createRecipientContext({ recipientKey, enc: enc.slice().buffer, info: new TextEncoder().encode("turnkey_hpke").buffer });
  const aad = new Uint8Array([...enc, ...receiver]);
  return new Uint8Array(await ctx.open(new Uint8Array(Buffer.from(inner.ciphertext, "hex")).buffer, aad.buffer));
}
