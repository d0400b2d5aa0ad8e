import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { SDK_VERSION, SDK_VERSION_HEADER } from "../../../core/constants";

const b64u = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export const APP_ORIGIN = "http://localhost:5173";

export interface AssertOptions {
  userVerified?: boolean;
  /** The counter to report; default: one more than the last one reported. */
  counter?: number;
  /** Sign the challenge of another body than the one stamped. */
  challengeBody?: string;
  origin?: string;
  rpId?: string;
}

/**
 * A software passkey: a P-256 key with "none" attestation and assertions built byte by byte, so
 * tests can make the refusals a browser never sends (no UV flag, stale counter, other challenge).
 */
export class SoftPasskey {
  readonly credentialId: string;
  counter = 0;

  constructor(
    readonly origin = APP_ORIGIN,
    readonly rpId = new URL(origin).hostname,
    private readonly key: { privateKey: KeyObject; x: Uint8Array; y: Uint8Array } = newKey(),
    credentialId?: string,
    /** Authenticators without a counter always report 0. */
    readonly keepsCounter = true,
  ) {
    this.credentialId = credentialId ?? b64u(randomBytes(16));
  }

  /** Another authenticator holding the same key (a clone), from the counter it has now. */
  clone(): SoftPasskey {
    const copy = new SoftPasskey(this.origin, this.rpId, this.key, this.credentialId, this.keepsCounter);
    copy.counter = this.counter;
    return copy;
  }

  /** The registration the kit sends: `{challenge, attestation}`. */
  attestation(options: { challenge?: string; userVerified?: boolean; origin?: string; rpId?: string } = {}) {
    const challenge = options.challenge ?? b64u(randomBytes(32));
    const clientData = Buffer.from(
      JSON.stringify({ type: "webauthn.create", challenge, origin: options.origin ?? this.origin, crossOrigin: false }),
    );
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, this.key.x],
        [-3, this.key.y],
      ]),
    );
    const credentialId = Buffer.from(this.credentialId, "base64url");
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const flags = FLAG_UP | FLAG_AT | (options.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(options.rpId ?? this.rpId), Buffer.from([flags]), counterBytes(0), Buffer.alloc(16), length, credentialId, cose]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    return {
      challenge,
      attestation: { credentialId: this.credentialId, clientDataJson: b64u(clientData), attestationObject: b64u(attestationObject), transports: ["internal", "hybrid"] },
    };
  }

  /** An assertion over a body, as `X-Stamp-Webauthn` carries it. */
  assert(body: string, options: AssertOptions = {}) {
    const counter = options.counter ?? (this.keepsCounter ? this.counter + 1 : 0);
    this.counter = Math.max(this.counter, counter);
    const challenge = b64u(Buffer.from(sha256(options.challengeBody ?? body).toString("hex"), "utf8"));
    const clientData = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: options.origin ?? this.origin, crossOrigin: false }));
    const flags = FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(options.rpId ?? this.rpId), Buffer.from([flags]), counterBytes(counter)]);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), { key: this.key.privateKey, dsaEncoding: "der" });
    return { authenticatorData: b64u(authData), clientDataJson: b64u(clientData), credentialId: this.credentialId, signature: b64u(signature) };
  }

  stamp(body: string, options: AssertOptions = {}) {
    return { stampHeaderName: "X-Stamp-Webauthn", stampHeaderValue: JSON.stringify(this.assert(body, options)) };
  }

  stampedRequest(url: string, body: object | string, options: AssertOptions = {}) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return { url, body: text, stamp: this.stamp(text, options) };
  }
}

function newKey() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  return { privateKey, x: new Uint8Array(Buffer.from(jwk.x!, "base64url")), y: new Uint8Array(Buffer.from(jwk.y!, "base64url")) };
}

function counterBytes(counter: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
}

export const KM_BASE = "https://api.turnkey.com";
export const kmUrl = (operation: string) => `${KM_BASE}/public/v1/${operation}`;

/** A direct key-management call: POST {emulator}/public/v1/<op> with the stamp in its header. */
export async function keyManagement<T = any>(
  emulatorUrl: string,
  operation: string,
  body: object | string,
  stamp: { stampHeaderName: string; stampHeaderValue: string } | ((text: string) => { stampHeaderName: string; stampHeaderValue: string }) | null,
): Promise<{ status: number; body: T }> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const header = typeof stamp === "function" ? stamp(text) : stamp;
  const response = await fetch(`${emulatorUrl}/public/v1/${operation}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [SDK_VERSION_HEADER]: SDK_VERSION, ...(header ? { [header.stampHeaderName]: header.stampHeaderValue } : {}) },
    body: text,
  });
  const answer = await response.text();
  return { status: response.status, body: answer ? JSON.parse(answer) : undefined };
}
