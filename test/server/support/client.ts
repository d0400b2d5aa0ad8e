import { createPrivateKey, sign } from "node:crypto";
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { SDK_VERSION, SDK_VERSION_HEADER } from "../../../core/constants";
import { STEP_UP_ACTION } from "../../../wire/constants";

const bs58check = createBase58check(sha256);
const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A frame-like key pair: what the client sends as targetPublicKey and opens bundles with. */
export interface TargetKey {
  privateKey: Uint8Array;
  publicKey: string;
}

/** A signed-in session: the API key recovered from a credential bundle. */
export interface Session {
  orgId: string;
  apiPrivateKey: Uint8Array;
  apiPublicKey: string;
}

export interface User {
  orgId: string;
  userId: string;
  address: `0x${string}`;
  solanaAddress: string;
}

export function newTargetKey(): TargetKey {
  const privateKey = p256.utils.randomSecretKey();
  return { privateKey, publicKey: hex(p256.getPublicKey(privateKey, false)) };
}

/** Opens a credential bundle the way the auth frame does. */
export async function openBundle(bundle: string, target: TargetKey): Promise<Uint8Array> {
  const bytes = bs58check.decode(bundle);
  const enc = p256.Point.fromBytes(bytes.subarray(0, 33)).toBytes(false);
  const receiver = p256.getPublicKey(target.privateKey, false);
  const recipientKey = await suite.kem.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", d: b64u(target.privateKey), x: b64u(receiver.subarray(1, 33)), y: b64u(receiver.subarray(33)) },
    false,
  );
  const ctx = await suite.createRecipientContext({ recipientKey, enc: enc.slice().buffer, info: new TextEncoder().encode("turnkey_hpke").buffer });
  const aad = new Uint8Array([...enc, ...receiver]);
  return new Uint8Array(await ctx.open(bytes.slice(33).buffer, aad.buffer));
}

export async function sessionFromBundle(orgId: string, bundle: string, target: TargetKey): Promise<Session> {
  const apiPrivateKey = await openBundle(bundle, target);
  return { orgId, apiPrivateKey, apiPublicKey: hex(p256.getPublicKey(apiPrivateKey, true)) };
}

/** An X-Stamp over the exact body string: DER ECDSA-SHA256 hex, compressed public key. */
export function stamp(body: string, key: { apiPrivateKey: Uint8Array; apiPublicKey?: string }) {
  const pub = p256.getPublicKey(key.apiPrivateKey, false);
  const privateKey = createPrivateKey({
    key: { kty: "EC", crv: "P-256", d: b64u(key.apiPrivateKey), x: b64u(pub.subarray(1, 33)), y: b64u(pub.subarray(33)) },
    format: "jwk",
  });
  const signature = sign("sha256", Buffer.from(body), { key: privateKey, dsaEncoding: "der" }).toString("hex");
  const publicKey = key.apiPublicKey ?? hex(p256.getPublicKey(key.apiPrivateKey, true));
  const value = Buffer.from(JSON.stringify({ publicKey, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature })).toString("base64url");
  return { stampHeaderName: "X-Stamp", stampHeaderValue: value };
}

export const WHOAMI_URL = "https://api.turnkey.com/public/v1/query/whoami";
export const SIGN_RAW_PAYLOAD_URL = "https://api.turnkey.com/public/v1/submit/sign_raw_payload";

export function stampedRequest(url: string, body: object | string, session: Session) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return { url, body: text, stamp: stamp(text, session) };
}

export function whoamiRequest(session: Session) {
  return stampedRequest(WHOAMI_URL, { organizationId: session.orgId }, session);
}

export function signRawPayloadBody(
  session: Session,
  parameters: { hashFunction: "HASH_FUNCTION_NO_OP" | "HASH_FUNCTION_NOT_APPLICABLE"; payload: string; signWith: string },
  timestampMs = Date.now(),
) {
  return {
    type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
    timestampMs: String(timestampMs),
    organizationId: session.orgId,
    parameters: { encoding: "PAYLOAD_ENCODING_HEXADECIMAL", ...parameters },
  };
}

export function mfaRequest(session: Session, action: string, signWith: string, timestampMs = Date.now()) {
  const payload = `0x${Buffer.from(action).toString("hex")}`;
  return stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload, signWith }, timestampMs), session);
}

/** A thin HTTP client of the emulator, with sign-up and sign-in helpers that read codes from the dev inbox. */
export class EmulatorClient {
  constructor(readonly url: string) {}

  async post<T = any>(route: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const response = await fetch(`${this.url}/signer/v1/${route}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [SDK_VERSION_HEADER]: SDK_VERSION, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  async ok<T = any>(route: string, body: unknown, headers?: Record<string, string>): Promise<T> {
    const answer = await this.post<T>(route, body, headers);
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async messages(to?: string): Promise<any[]> {
    const response = await fetch(`${this.url}/dev/api/messages${to ? `?to=${encodeURIComponent(to)}` : ""}`);
    return (await response.json()) as any[];
  }

  async latestCode(to: string): Promise<string> {
    const [latest] = await this.messages(to);
    if (!latest?.code) throw new Error(`no code sent to ${to}`);
    return latest.code as string;
  }

  async signUp(email: string, target = newTargetKey()): Promise<{ user: User; session: Session; target: TargetKey }> {
    const user = await this.ok<User & { otpId: string }>("signup", { email, targetPublicKey: target.publicKey });
    const session = await this.submitCode(user.orgId, user.otpId, await this.latestCode(email), target);
    return { user, session, target };
  }

  async signIn(email: string, target = newTargetKey()): Promise<Session> {
    const { orgId, otpId } = await this.ok("auth", { email, targetPublicKey: target.publicKey });
    return this.submitCode(orgId, otpId, await this.latestCode(email), target);
  }

  /** A verify-otp token for `contact`: a code sent by init-otp, read from the dev inbox, verified. */
  async verificationToken(contact: string, otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS" = "OTP_TYPE_EMAIL"): Promise<string> {
    const { otpId } = await this.ok("init-otp", { contact, otpType });
    return (await this.ok("verify-otp", { otpId, otpCode: await this.latestCode(contact) })).verificationToken as string;
  }

  /**
   * Steps the session up (sensitive changes need it) with a code sent to the account's own email or
   * phone, or with `multiFactors` (authenticator codes) when given. `timestampMs` is the server's clock.
   */
  async stepUp(session: Session, signWith: string, proof: { contact: string; otpType?: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS" } | { multiFactors: { multiFactorId: string; multiFactorCode: string }[] }, timestampMs = Date.now()): Promise<Answer> {
    const stamped = mfaRequest(session, STEP_UP_ACTION, signWith, timestampMs);
    if ("multiFactors" in proof) return this.post("step-up", { stampedRequest: stamped, multiFactors: proof.multiFactors });
    return this.post("step-up", { stampedRequest: stamped, verificationToken: await this.verificationToken(proof.contact, proof.otpType) });
  }

  /** signUp, then a step-up with a code to that email: a session that may make sensitive changes for five minutes. */
  async signUpSteppedUp(email: string, nowMs = Date.now(), target = newTargetKey()): Promise<{ user: User; session: Session; target: TargetKey }> {
    const signedUp = await this.signUp(email, target);
    const answer = await this.stepUp(signedUp.session, signedUp.user.address, { contact: email }, nowMs);
    if (answer.status !== 200) throw new Error(`step-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return signedUp;
  }

  async submitCode(orgId: string, otpId: string, otpCode: string, target: TargetKey, extra: object = {}): Promise<Session> {
    const answer = await this.ok("otp", { orgId, otpId, otpCode, targetPublicKey: target.publicKey, ...extra });
    if (answer.status !== "SUCCESS") throw new Error(`otp answered ${JSON.stringify(answer)}`);
    return sessionFromBundle(orgId, answer.credentialBundle, target);
  }
}
