import { atom } from "jotai/vanilla";
import type { Hex, SignableMessage, TypedDataDefinition } from "viem";
import { MFA_ACTIONS, MFA_FACTOR_TYPE, PASSKEY_ASSERTION_TIMEOUT_MS, PASSKEY_USER_VERIFICATION, RETURN_PARAMS, SEALED_FRAME_KEY_SUFFIX } from "../constants";
import {
  LatchError,
  MfaRequiredError,
  NotAuthenticatedError,
  NotLoggedInError,
  toError,
  type MfaFactor,
} from "../errors";
import type { Kit } from "../kit-types";
import type { User } from "../types";
import { SignerClient } from "./client";
import { resolveSignerConfig, type ResolvedSignerConfig } from "./config";
import { FrameStamper } from "./frame-stamper";
import { WebauthnStamper } from "@turnkey/webauthn-stamper";
import { KeyManagementClient } from "./key-management";
import { createPasskeyCredential, isWebauthnSupported, toPasskeyError, WebauthnUnsupportedError } from "./passkey";
import type { AuthMethods, EmailMode, RouteResponse, StampedRequest } from "./routes";
import { SessionManager, type Session, type SessionType } from "./session";
import type { Stamper } from "./stamper";
import { SIGN_IN_RETURN } from "./plugin";

export interface SignerState {
  error: Error | null;
  mfaStatus: { mfaRequired: boolean; mfaFactorId?: string };
  otpId?: string;
  isNewUser?: boolean;
  authLinkingStatus?: { email?: string; providerName?: string; idToken?: string; accessToken?: string };
}

export interface MultiFactorCode {
  multiFactorId: string;
  multiFactorCode: string;
}

export type OtpSubmitResult = { status: "SUCCESS"; user: User } | { status: "MFA_REQUIRED"; multiFactors: MfaFactor[] };

export class UnsupportedMfaFactorError extends LatchError {
  override readonly name = "UnsupportedMfaFactorError" as const;
  constructor() {
    super("Unsupported MFA factor type");
  }
}

const initialState = (): SignerState => ({ error: null, mfaStatus: { mfaRequired: false } });

/**
 * The embedded signer: signs users in through the signer backend, keeps their session, and signs
 * with their wallet through stamped requests. One per kit (see getEmbeddedSigner).
 */
export class EmbeddedSigner {
  readonly config: ResolvedSignerConfig;
  readonly client: SignerClient;
  readonly frame: FrameStamper;
  readonly sessions: SessionManager;
  readonly stateAtom = atom<SignerState>(initialState());
  readonly keyManagement: KeyManagementClient;
  /** The cached sign-in methods of the user's organisation (null until first listed). */
  readonly authMethodsAtom = atom<AuthMethods | null>(null);
  private stamper: Stamper;
  private initializing: Promise<void> | null = null;
  private starting: Promise<void> | null = null;
  private emailMode: Promise<EmailMode> | null = null;
  /** Bumped by every sign-in or sign-out, so a slower restore never overwrites a newer outcome. */
  private generation = 0;

  constructor(private readonly kit: Kit) {
    this.config = resolveSignerConfig(kit.config.signer);
    const { url, apiKey, jwt } = this.config;
    this.client = new SignerClient({ url, timeoutMs: this.config.requestTimeoutMs, ...(apiKey ? { apiKey } : {}), ...(jwt ? { jwt } : {}) });
    this.sessions = new SessionManager({
      storage: this.config.storage,
      sessionKey: this.config.sessionKey,
      expirationTimeMs: this.config.expirationTimeMs,
      onEnd: () => void this.disconnect(),
    });
    this.frame = new FrameStamper({
      frameUrl: this.config.authFrameUrl,
      containerId: this.config.iframeContainerId,
      elementId: this.config.iframeElementId,
      initTimeoutMs: this.config.frameInitTimeoutMs,
      sealedKey: this.sessions.companion(SEALED_FRAME_KEY_SUFFIX),
    });
    this.stamper = this.frame;
    this.keyManagement = new KeyManagementClient(this.config.keyManagementUrl, () => this.stamper, {
      requestTimeoutMs: this.config.requestTimeoutMs,
      activityTimeoutMs: this.config.activityTimeoutMs,
    });
  }

  get state(): SignerState {
    return this.kit.store.get(this.stateAtom);
  }

  /** Merges into the signer state; plugins that run their own sign-in record its outcome (error, otpId, linking) here. */
  patchState(patch: Partial<SignerState>): void {
    this.kit.store.set(this.stateAtom, { ...this.state, ...patch });
  }

  get user(): User | null {
    return this.kit.getUser();
  }

  private lastTimestampMs = 0;

  /**
   * `timestampMs` for a stamped body: the clock, but strictly increasing, so two identical
   * requests in one millisecond are still two bodies (the backend refuses a replayed one).
   */
  nextTimestampMs(): string {
    this.lastTimestampMs = Math.max(Date.now(), this.lastTimestampMs + 1);
    return String(this.lastTimestampMs);
  }

  /** Session length in seconds, as the backend wants it. */
  get expirationSeconds(): number {
    return Math.floor(this.config.expirationTimeMs / 1000);
  }

  /**
   * Reads a stored session synchronously, so the first render (and a server render with cookie
   * storage) already shows the user; initialize() then verifies it with the backend.
   */
  restoreUserSync(): void {
    const session = this.sessions.load();
    if (session && !this.kit.getUser()) this.kit.store.set(this.kit.atoms.user, session.user);
  }

  /** Restores a stored session (client only): connected if it still loads a user, else cleared. */
  initialize(): Promise<void> {
    this.initializing ??= this.restore();
    return this.initializing;
  }

  /** Client start: a sign-in the page returned with completes, then a stored session restores. */
  start(): Promise<void> {
    this.starting ??= this.completeReturns().then(() => this.initialize());
    return this.starting;
  }

  /** A sign-in the page returned with (email link, social redirect) completes before any restore. */
  private async completeReturns(): Promise<void> {
    for (const complete of this.kit.container.all(SIGN_IN_RETURN)) {
      try {
        await complete(this.kit);
      } catch (error) {
        console.error("[latch] completing a returned sign-in failed", error);
      }
    }
  }

  private async restore(): Promise<void> {
    // A returned sign-in already connected (and stored) its session.
    if (this.kit.getStatus() === "CONNECTED") return;
    const generation = this.generation;
    const session = this.sessions.load();
    // No session: the status is settled by kit.start() once every plugin (e.g. a reconnecting
    // wallet) has started, so it does not flicker through DISCONNECTED.
    if (!session) return;
    if (session.type === "passkey" && session.credentialId) {
      // Verifying would need an assertion, i.e. a passkey prompt at page load: the stored user is
      // trusted until its expiry, and the first stamped call proves the credential.
      this.useStamper(this.passkeyStamper(session.credentialId));
      this.sessions.watch(session);
      this.connect(session.user);
      return;
    }
    try {
      if (session.bundle) await this.frame.injectCredentialBundle(session.bundle);
      const user = await this.whoami(session.user.orgId);
      if (generation !== this.generation) return;
      this.sessions.watch(session);
      this.connect({ ...user, ...pickTokens(session.user) });
    } catch (error) {
      if (generation !== this.generation) return;
      console.warn("[latch] the stored session could not load a user and was cleared", error);
      this.sessions.clear();
      this.kit.setUser(null);
      this.kit.setStatus("DISCONNECTED");
    }
  }

  /** The email mode: the client option if set, else the backend's signer-config (default OTP). */
  getEmailMode(): Promise<EmailMode> {
    if (this.config.emailMode) return Promise.resolve(this.config.emailMode);
    this.emailMode ??= this.client
      .request("signer-config", {})
      .then((c) => (c.email?.mode === "MAGIC_LINK" ? ("magicLink" as const) : ("otp" as const)))
      .catch((error) => {
        this.emailMode = null;
        throw error;
      });
    return this.emailMode;
  }

  /** The user's org for an email, or null for an unknown user. */
  async getUserByEmail(email: string): Promise<{ orgId: string } | null> {
    const { orgId } = await this.client.request("lookup", { email });
    return orgId ? { orgId } : null;
  }

  /**
   * Starts email sign-in or sign-up: lookup, then auth (known user) or signup (new user).
   * Resolves once the code or link has been sent.
   */
  async authenticateWithEmail(params: {
    email: string;
    emailMode?: EmailMode;
    redirectParams?: URLSearchParams;
    multiFactors?: MultiFactorCode[];
  }): Promise<{ orgId: string; otpId?: string; isNewUser: boolean }> {
    this.generation++;
    const emailMode = params.emailMode ?? (await this.getEmailMode());
    this.kit.setStatus("AUTHENTICATING_EMAIL");
    this.kit.events.emit("authenticating", { type: emailMode === "otp" ? "otp" : "email" });
    try {
      const targetPublicKey = await this.frame.init();
      const existing = await this.getUserByEmail(params.email);
      const redirectParams = new URLSearchParams(params.redirectParams);
      const common = { email: params.email, emailMode, targetPublicKey, expirationSeconds: this.expirationSeconds };
      let orgId: string;
      let otpId: string | undefined;
      if (existing) {
        const answer = await this.client.request("auth", {
          ...common,
          redirectParams: redirectParams.toString(),
          ...(params.multiFactors ? { multiFactors: params.multiFactors } : {}),
        });
        ({ orgId, otpId } = answer);
      } else {
        redirectParams.set(RETURN_PARAMS.isSignup, "true");
        const answer = await this.client.request("signup", { ...common, redirectParams: redirectParams.toString() });
        ({ orgId, otpId } = answer);
      }
      const isNewUser = !existing;
      this.sessions.setTemporary({ orgId, isNewUser, contact: params.email, ...(otpId ? { otpId } : {}) });
      this.patchState({ error: null, isNewUser, ...(otpId ? { otpId } : {}) });
      this.kit.setStatus(emailMode === "otp" ? "AWAITING_OTP_AUTH" : "AWAITING_EMAIL_AUTH");
      return { orgId, isNewUser, ...(otpId ? { otpId } : {}) };
    } catch (error) {
      throw this.fail(error);
    }
  }

  /** Starts SMS sign-in or sign-up; resolves once the code has been sent. */
  async authenticateWithSms(params: { phone: string }): Promise<{ orgId: string; otpId?: string; isNewUser: boolean }> {
    this.generation++;
    this.kit.setStatus("AUTHENTICATING_EMAIL");
    this.kit.events.emit("authenticating", { type: "otp" });
    try {
      const targetPublicKey = await this.frame.init();
      const { orgId: existingOrg } = await this.client.request("lookup", { phone: params.phone });
      const body = { phone: params.phone, targetPublicKey, expirationSeconds: this.expirationSeconds };
      const answer = existingOrg ? await this.client.request("auth", body) : await this.client.request("signup", body);
      const isNewUser = !existingOrg;
      const otpId = answer.otpId;
      this.sessions.setTemporary({ orgId: answer.orgId, isNewUser, contact: params.phone, ...(otpId ? { otpId } : {}) });
      this.patchState({ error: null, isNewUser, ...(otpId ? { otpId } : {}) });
      this.kit.setStatus("AWAITING_SMS_AUTH");
      return { orgId: answer.orgId, isNewUser, ...(otpId ? { otpId } : {}) };
    } catch (error) {
      throw this.fail(error);
    }
  }

  /** Submits a one-time code: signs in, or reports that a second factor is required. */
  async submitOtpCode(otpCode: string, multiFactors?: MultiFactorCode[]): Promise<OtpSubmitResult> {
    this.generation++;
    this.kit.events.emit("authenticating", { type: "otpVerify" });
    const temporary = this.sessions.getTemporary();
    try {
      if (!temporary?.orgId) throw new LatchError("orgId not found in session");
      if (!temporary.otpId) throw new LatchError("otpId not found in session");
      const targetPublicKey = await this.frame.init();
      const answer = await this.client.request("otp", {
        orgId: temporary.orgId,
        otpId: temporary.otpId,
        otpCode,
        targetPublicKey,
        expirationSeconds: this.expirationSeconds,
        ...(multiFactors ? { multiFactors } : {}),
      });
      if (answer.status === "MFA_REQUIRED" && answer.encryptedPayload && answer.multiFactors?.length) {
        const mfaFactorId = answer.multiFactors[0]!.multiFactorId;
        this.sessions.updateTemporary({ encryptedPayload: answer.encryptedPayload, mfaFactorId });
        this.patchState({ mfaStatus: { mfaRequired: true, mfaFactorId } });
        this.kit.setStatus("AWAITING_MFA_AUTH");
        return { status: "MFA_REQUIRED", multiFactors: answer.multiFactors };
      }
      if (answer.status !== "SUCCESS" || !answer.credentialBundle) {
        throw new LatchError("Failed to submit OTP code. Server did not return required fields");
      }
      const user = await this.completeWithBundle({
        bundle: answer.credentialBundle,
        orgId: temporary.orgId,
        sessionType: "otp",
        isNewUser: temporary.isNewUser ?? false,
      });
      return { status: "SUCCESS", user };
    } catch (error) {
      throw this.fail(error);
    }
  }

  /** Completes a code sign-in that needed a second factor. */
  async validateMultiFactors(code: MultiFactorCode): Promise<User> {
    this.generation++;
    const temporary = this.sessions.getTemporary();
    try {
      if (!temporary?.encryptedPayload) throw new LatchError("No pending MFA context found. Call submitOtpCode() first.");
      if (temporary.mfaFactorId && temporary.mfaFactorId !== code.multiFactorId) throw new LatchError("MFA factor ID mismatch");
      const answer = await this.client.request("auth-validate-multi-factors", {
        encryptedPayload: temporary.encryptedPayload,
        multiFactors: [code],
      });
      const bundle = answer.payload?.credentialBundle;
      if (!bundle) throw new LatchError("Request to validateMultiFactors did not return a credential bundle");
      const sessionType = temporary.sessionType ?? "otp";
      return await this.completeWithBundle({ bundle, orgId: temporary.orgId, sessionType, isNewUser: temporary.isNewUser ?? false });
    } catch (error) {
      throw this.fail(error);
    }
  }

  /**
   * Finishes any sign-in that ends with a credential bundle (code, magic link, social, JWT):
   * the frame takes the key, whoami loads the user, the session is stored.
   */
  async completeWithBundle(params: {
    bundle: string;
    orgId: string;
    sessionType: SessionType;
    isNewUser?: boolean;
    userExtras?: Partial<User>;
  }): Promise<User> {
    const generation = ++this.generation;
    await this.frame.injectCredentialBundle(params.bundle);
    const user = { ...(await this.whoami(params.orgId)), ...params.userExtras };
    if (generation !== this.generation) throw new LatchError("A newer sign-in replaced this one");
    this.sessions.create(params.sessionType, user, { bundle: params.bundle });
    this.sessions.clearTemporary();
    this.patchState({ error: null, mfaStatus: { mfaRequired: false }, isNewUser: params.isNewUser ?? false });
    this.connect(user);
    if (params.isNewUser) this.kit.events.emit("newUserSignup", undefined);
    return user;
  }

  /** Reloads the user after an account change, keeping the session. */
  async refreshUser(): Promise<User> {
    const current = this.requireUser();
    const user = { ...(await this.whoami(current.orgId)), ...pickTokens(current) };
    this.kit.setUser(user);
    const session = this.sessions.load();
    if (session) this.sessions.save({ ...session, user });
    await this.listAuthMethods().catch(() => undefined);
    return user;
  }

  /** Uses another stamper for this session (passkey sessions stamp with WebAuthn assertions). */
  useStamper(stamper: Stamper | null): void {
    this.stamper = stamper ?? this.frame;
  }

  /** Whether stamps come from the auth frame (export then shows the seed phrase). */
  get stampsWithFrame(): boolean {
    return this.stamper === this.frame;
  }

  async stampedRequest(operation: string, body: Record<string, unknown>): Promise<StampedRequest> {
    const json = JSON.stringify(body);
    const stamp = await this.stamper.stamp(json);
    return { url: `${this.config.keyManagementUrl}/public/v1/${operation}`, body: json, stamp };
  }

  /** Loads the user of an organisation through a stamped whoami. */
  async whoami(orgId: string): Promise<User> {
    const stampedRequest = await this.stampedRequest("query/whoami", { organizationId: orgId, timestampMs: this.nextTimestampMs() });
    return toUser(await this.client.request("whoami", { stampedRequest }));
  }

  requireUser(): User {
    const user = this.user;
    if (!user || user.type !== "sca") throw new NotAuthenticatedError();
    return user;
  }

  /** Signs a payload with the user's wallet key through a stamped sign_raw_payload request. */
  async signRawPayload(params: {
    payload: Hex;
    hashFunction?: "HASH_FUNCTION_NO_OP" | "HASH_FUNCTION_NOT_APPLICABLE";
    signWith?: string;
  }): Promise<Hex> {
    const user = this.requireUser();
    const stampedRequest = await this.stampedRequest("submit/sign_raw_payload", {
      type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
      timestampMs: this.nextTimestampMs(),
      organizationId: user.orgId,
      parameters: {
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: params.hashFunction ?? "HASH_FUNCTION_NO_OP",
        payload: params.payload,
        signWith: params.signWith ?? user.address,
      },
    });
    const { signature } = await this.client.request("sign-payload", { stampedRequest });
    return (signature.startsWith("0x") ? signature : `0x${signature}`) as Hex;
  }

  /** EIP-191 personal message, hashed locally. */
  async signMessage(message: SignableMessage): Promise<Hex> {
    this.requireUser();
    // viem loads when the user first signs: a static import put viem's barrel (and the CCIP code it
    // imports lazily) into the static chunk of every app, email-only ones included.
    const { hashMessage } = await import("./hashing");
    return this.signRawPayload({ payload: hashMessage(message) });
  }

  /** EIP-712 typed data, hashed locally. */
  async signTypedData(typedData: TypedDataDefinition): Promise<Hex> {
    this.requireUser();
    const { hashTypedData } = await import("./hashing");
    return this.signRawPayload({ payload: hashTypedData(typedData) });
  }

  /** A stamped request proving the caller owns the account, for an MFA action name. */
  private async mfaStampedRequest(action: string): Promise<StampedRequest> {
    const user = this.user;
    if (!user) throw new NotLoggedInError();
    return this.stampedRequest("submit/sign_raw_payload", {
      type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
      timestampMs: this.nextTimestampMs(),
      organizationId: user.orgId,
      parameters: {
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NO_OP",
        payload: utf8ToHex(action),
        signWith: user.address,
      },
    });
  }

  async getMfaFactors(): Promise<MfaFactor[]> {
    const stampedRequest = await this.mfaStampedRequest(MFA_ACTIONS.list);
    return (await this.client.request("auth-list-multi-factors", { stampedRequest })).multiFactors;
  }

  async addMfa(params: { multiFactorType: string }): Promise<{ multiFactorId: string; multiFactorTotpUrl: string }> {
    if (params.multiFactorType !== MFA_FACTOR_TYPE) throw new UnsupportedMfaFactorError();
    const stampedRequest = await this.mfaStampedRequest(MFA_ACTIONS.add);
    const answer = await this.client.request("auth-request-multi-factor", { stampedRequest, multiFactorType: MFA_FACTOR_TYPE });
    return { multiFactorId: answer.multiFactorId, multiFactorTotpUrl: answer.multiFactorTotpUrl };
  }

  async verifyMfa(code: MultiFactorCode): Promise<MfaFactor[]> {
    const stampedRequest = await this.mfaStampedRequest(MFA_ACTIONS.verify);
    return (await this.client.request("auth-verify-multi-factor", { stampedRequest, ...code })).multiFactors;
  }

  async removeMfa(params: { multiFactorIds: string[] }): Promise<MfaFactor[]> {
    const stampedRequest = await this.mfaStampedRequest(MFA_ACTIONS.delete);
    return (await this.client.request("auth-delete-multi-factors", { stampedRequest, ...params })).multiFactors;
  }

  private get rpId(): string {
    return this.config.rpId ?? globalThis.location?.hostname ?? "localhost";
  }

  /** The WebAuthn ceremony running now: the browser refuses a second one while one is pending. */
  private ceremonies: Promise<unknown> = Promise.resolve();

  /** Runs WebAuthn ceremonies one after the other (a passkey session stamps every request with one). */
  private ceremony<T>(run: () => Promise<T>): Promise<T> {
    const next = this.ceremonies.then(run, run);
    this.ceremonies = next.catch(() => undefined);
    return next;
  }

  private passkeyStamper(credentialId?: string): Stamper {
    const stamper = new WebauthnStamper({
      rpId: this.rpId,
      timeout: PASSKEY_ASSERTION_TIMEOUT_MS,
      userVerification: PASSKEY_USER_VERIFICATION,
      ...(credentialId ? { allowCredentials: [{ type: "public-key" as const, id: base64urlToBytes(credentialId) as Uint8Array<ArrayBuffer> }] } : {}),
    });
    return { stamp: (body) => this.ceremony(() => stamper.stamp(body)) };
  }

  /**
   * Passkey sign-in or sign-up (spec §4): with an email, a known user signs in with a passkey and
   * an unknown one is created (createNew) or refused ('No user found'); without one, createNew makes
   * a new account and otherwise any passkey of this site signs in.
   */
  async authenticateWithPasskey(params: { createNew: boolean; email?: string }): Promise<User> {
    this.generation++;
    this.kit.setStatus("AUTHENTICATING_PASSKEY");
    this.kit.events.emit("authenticating", { type: "passkey" });
    try {
      if (!isWebauthnSupported()) throw new WebauthnUnsupportedError();
      const existing = params.email ? await this.getUserByEmail(params.email) : null;
      if (params.email && !existing && !params.createNew) throw new LatchError("No user found");
      if (existing) return await this.loginWithPasskey(existing.orgId);
      if (!params.createNew) return await this.loginWithPasskey();
      const passkey = await this.ceremony(() => createPasskeyCredential({ rpId: this.rpId, userName: params.email ?? `passkey-${Date.now()}` }));
      const { orgId } = await this.client.request("signup", { passkey, ...(params.email ? { email: params.email } : {}) });
      return await this.loginWithPasskey(orgId, passkey.attestation.credentialId, true);
    } catch (error) {
      throw this.fail(toPasskeyError(error));
    }
  }

  /** Signs in by a WebAuthn-stamped whoami; the passkey then stamps every request of the session. */
  private async loginWithPasskey(orgId?: string, credentialId?: string, isNewUser = false): Promise<User> {
    const generation = this.generation;
    const stamper = this.passkeyStamper(credentialId);
    const body = JSON.stringify({ organizationId: orgId ?? this.config.rootOrgId, timestampMs: this.nextTimestampMs() });
    const stamp = await stamper.stamp(body);
    const usedCredential = (JSON.parse(stamp.stampHeaderValue) as { credentialId: string }).credentialId;
    const answer = await this.client.request("whoami", {
      stampedRequest: { url: `${this.config.keyManagementUrl}/public/v1/query/whoami`, body, stamp },
    });
    if (generation !== this.generation) throw new LatchError("A newer sign-in replaced this one");
    const user: User = { ...toUser(answer), credentialId: usedCredential };
    this.useStamper(this.passkeyStamper(usedCredential));
    this.sessions.create("passkey", user, { credentialId: usedCredential });
    this.sessions.clearTemporary();
    this.patchState({ error: null, isNewUser });
    this.connect(user);
    this.kit.events.emit("connectedPasskey", user);
    if (isNewUser) this.kit.events.emit("newUserSignup", undefined);
    return user;
  }

  /** Adds a passkey to the signed-in user (name `passkey-<ms>`), through the key-management API. */
  async addPasskey(): Promise<{ authenticatorId: string }> {
    const user = this.requireUser();
    const passkey = await this.ceremony(() => createPasskeyCredential({ rpId: this.rpId, userName: user.email ?? user.phone ?? user.address })).catch((e) => {
      throw toPasskeyError(e);
    });
    const activity = await this.keyManagement.submitActivity("create_authenticators", {
      type: "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
      timestampMs: this.nextTimestampMs(),
      organizationId: user.orgId,
      parameters: {
        userId: user.userId,
        authenticators: [{ authenticatorName: `passkey-${Date.now()}`, challenge: passkey.challenge, attestation: passkey.attestation }],
      },
    });
    const ids = (activity.result?.createAuthenticatorsResult as { authenticatorIds?: string[] } | undefined)?.authenticatorIds;
    if (!ids?.[0]) throw new LatchError("Failed to add passkey");
    return { authenticatorId: ids[0] };
  }

  async removePasskey(authenticatorId: string): Promise<void> {
    const user = this.requireUser();
    await this.keyManagement.submitActivity("delete_authenticators", {
      type: "ACTIVITY_TYPE_DELETE_AUTHENTICATORS",
      timestampMs: this.nextTimestampMs(),
      organizationId: user.orgId,
      parameters: { userId: user.userId, authenticatorIds: [authenticatorId] },
    });
  }

  /** The user's sign-in methods (email, phone, linked providers, passkeys), refreshing the cache. */
  async listAuthMethods(): Promise<AuthMethods> {
    const user = this.requireUser();
    const stampedRequest = await this.stampedRequest("query/list_authenticators", {
      organizationId: user.orgId,
      userId: user.userId,
      timestampMs: this.nextTimestampMs(),
    });
    const methods = await this.client.request("list-auth-methods", { suborgId: user.orgId, stampedRequest });
    this.kit.store.set(this.authMethodsAtom, methods);
    return methods;
  }

  /** Ends the session: storage, frame key, user. Always settles. */
  async disconnect(): Promise<void> {
    this.generation++;
    this.sessions.clear();
    this.sessions.clearTemporary();
    this.useStamper(null);
    this.kit.store.set(this.stateAtom, initialState());
    this.kit.store.set(this.authMethodsAtom, null);
    try {
      await this.frame.clear();
    } catch (error) {
      console.warn("[latch] the auth frame could not clear its key", error);
    }
    this.kit.setUser(null);
    this.kit.setStatus("DISCONNECTED");
  }

  private connect(user: User): void {
    this.kit.setUser(user);
    this.kit.setStatus("CONNECTED");
  }

  /** Records a failed sign-in: the error is stored and the status returns to disconnected. */
  private fail(thrown: unknown): Error {
    const error = toError(thrown);
    this.patchState({ error });
    if (error instanceof MfaRequiredError) {
      this.patchState({ mfaStatus: { mfaRequired: true, mfaFactorId: error.multiFactors[0]?.multiFactorId } });
      this.kit.setStatus("AWAITING_MFA_AUTH");
    } else {
      this.kit.setStatus("DISCONNECTED");
    }
    return error;
  }
}

const toUser = (answer: RouteResponse<"whoami">): User => ({
  type: "sca",
  orgId: answer.orgId,
  userId: answer.userId,
  address: answer.address as Hex,
  ...(answer.solanaAddress ? { solanaAddress: answer.solanaAddress } : {}),
  ...(answer.email ? { email: answer.email } : {}),
  ...(answer.phone ? { phone: answer.phone } : {}),
});

const base64urlToBytes = (value: string): Uint8Array => {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

const pickTokens = (user: User): Partial<User> => ({
  ...(user.idToken ? { idToken: user.idToken } : {}),
  ...(user.accessToken ? { accessToken: user.accessToken } : {}),
  ...(user.claims ? { claims: user.claims } : {}),
  ...(user.credentialId ? { credentialId: user.credentialId } : {}),
});

export type { Session };

function utf8ToHex(text: string): Hex {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
