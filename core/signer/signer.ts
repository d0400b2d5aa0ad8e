import { atom } from "jotai/vanilla";
import type { Hex } from "viem";
import { SEALED_FRAME_KEY_SUFFIX } from "../constants";
import type { AbortOptions } from "../abort";
import { LatchError, NotAuthenticatedError, toError } from "../errors";
import type { Kit } from "../kit-types";
import type { SignerStatus, User } from "../types";
import { SignerClient } from "./client";
import { resolveSignerConfig, type ResolvedSignerConfig } from "./config";
import { FrameStamper } from "./frame-stamper";
import { KeyManagementClient } from "./key-management";
import { completeReturns, pickTokens, restoreSession } from "./restore";
import type { AuthMethods, StampedRequest } from "../../wire/routes";
import { LIST_AUTH_METHODS_OPERATION } from "../../wire/constants";
import { SessionManager, type Session, type SessionType } from "./session";
import type { Stamper } from "./stamper";
import { signRawPayloadRequest, type SignRawPayloadParameters } from "./wallet-signing";
import { withStepUp } from "./step-up";
import { SplitCustody } from "./split-custody";
import { toUser } from "./user";
import { bundleToKeep, sendRevocation, stampRevocation } from "./session-keys";

/** What the signer remembers of the sign-in in progress; methods add their fields by module augmentation. */
export interface SignerState {
  error: Error | null;
  isNewUser?: boolean;
}

const initialState = (): SignerState => ({ error: null });

/**
 * The embedded signer engine: keeps the session, stamps requests with the session's stamper and
 * signs with the user's wallet. It knows no sign-in method: each method's actions (in its plugin)
 * call the signer routes and end in `completeWithBundle` or `connectSession`. One per kit.
 */
export class EmbeddedSigner {
  readonly config: ResolvedSignerConfig;
  readonly client: SignerClient;
  readonly frame: FrameStamper;
  readonly sessions: SessionManager;
  readonly stateAtom = atom<SignerState>(initialState());
  readonly keyManagement: KeyManagementClient;
  readonly custody: SplitCustody; // split custody: the frame holds this device's share and signs
  /** The cached sign-in methods of the user's organisation (null until first listed). */
  readonly authMethodsAtom = atom<AuthMethods | null>(null);
  private stamper: Stamper;
  private initializing: Promise<void> | null = null;
  private starting: Promise<void> | null = null;
  /** Bumped by every sign-in or sign-out, so a slower one never overwrites a newer outcome. */
  private generation = 0;
  private lastTimestampMs = 0;

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
    const { authFrameUrl: frameUrl, iframeContainerId: containerId, iframeElementId: elementId, frameInitTimeoutMs: initTimeoutMs } = this.config;
    this.frame = new FrameStamper({ frameUrl, containerId, elementId, initTimeoutMs, sealedKey: this.sessions.companion(SEALED_FRAME_KEY_SUFFIX) });
    this.stamper = this.frame;
    this.custody = new SplitCustody(this, kit);
    const { requestTimeoutMs, activityTimeoutMs } = this.config;
    this.keyManagement = new KeyManagementClient(this.config.keyManagementUrl, () => this.stamper, { requestTimeoutMs, activityTimeoutMs });
  }

  get state(): SignerState {
    return this.kit.store.get(this.stateAtom);
  }

  /** Merges into the signer state (a method records its outcome: error, ids, linking). */
  patchState(patch: Partial<SignerState>): void {
    this.kit.store.set(this.stateAtom, { ...this.state, ...patch });
  }

  get user(): User | null {
    return this.kit.getUser();
  }

  /** `timestampMs` for a stamped body: strictly increasing, so two identical requests are two bodies. */
  nextTimestampMs(): string {
    this.lastTimestampMs = Math.max(Date.now(), this.lastTimestampMs + 1);
    return String(this.lastTimestampMs);
  }

  /** Session length in seconds, as the backend wants it. */
  get expirationSeconds(): number {
    return Math.floor(this.config.expirationTimeMs / 1000);
  }

  /** Reads a stored session synchronously, so the first render (and a cookie server render) shows the user. */
  restoreUserSync(): void {
    const session = this.sessions.load();
    if (session && !this.kit.getUser()) this.kit.store.set(this.kit.atoms.user, session.user);
  }

  /** Restores a stored session (client only): connected if it still loads a user, else cleared. */
  initialize(): Promise<void> {
    this.initializing ??= restoreSession(this.kit, this);
    return this.initializing;
  }

  /** Client start: a sign-in the page returned with completes, then a stored session restores. */
  start(): Promise<void> {
    this.starting ??= completeReturns(this.kit).then(() => this.initialize());
    return this.starting;
  }

  /** Tells whether no sign-in or sign-out happened since (a slower outcome must not overwrite a newer one). */
  watchSignIn(): () => boolean {
    const generation = this.generation;
    return () => generation === this.generation;
  }

  /** Uses a restored session: its expiry is watched and its user connected. */
  resume(session: Session, user: User): void {
    this.sessions.watch(session);
    this.connect(user);
  }

  /** A method's sign-in starts (a newer one wins over any still running); answers "is it still the newest?". */
  beginSignIn(status?: SignerStatus, authenticating?: string): () => boolean {
    this.generation++;
    if (status) this.kit.setStatus(status);
    if (authenticating) this.kit.events.emit("authenticating", { type: authenticating });
    return this.watchSignIn();
  }

  /** Finishes a sign-in that ends with a credential bundle: the frame takes the key, whoami loads the user. */
  async completeWithBundle(params: { bundle: string; orgId: string; sessionType: SessionType; isNewUser?: boolean; userExtras?: Partial<User>; signal?: AbortSignal | undefined }): Promise<User> {
    const isCurrent = this.beginSignIn();
    await this.frame.injectCredentialBundle(params.bundle);
    const user = { ...(await this.whoami(params.orgId, undefined, { signal: params.signal })), ...params.userExtras };
    const kept = await bundleToKeep(this, params.bundle, params.orgId, params.signal);
    if (!isCurrent()) throw new LatchError("A newer sign-in replaced this one");
    const connected = this.connectSession({ user, sessionType: params.sessionType, session: kept, isNewUser: params.isNewUser ?? false });
    return connected.custody ? this.custody.afterSignIn(connected, { signal: params.signal }) : connected;
  }

  /** Connects a signed-in user: the session is stored (with `stamper` stamping it, if given) and watched. */
  connectSession(params: { user: User; sessionType: SessionType; session?: Record<string, unknown>; stamper?: Stamper; isNewUser?: boolean }): User {
    if (params.stamper) this.useStamper(params.stamper);
    this.sessions.create(params.sessionType, params.user, params.session);
    this.sessions.clearTemporary();
    this.kit.store.set(this.stateAtom, { ...initialState(), isNewUser: params.isNewUser ?? false });
    this.connect(params.user);
    if (params.isNewUser) this.kit.events.emit("newUserSignup", undefined);
    return params.user;
  }

  /** Reloads the user after an account change, keeping the session. */
  async refreshUser(options: AbortOptions = {}): Promise<User> {
    const current = this.requireUser();
    const user = { ...(await this.whoami(current.orgId, undefined, options)), ...pickTokens(current) };
    this.kit.setUser(user);
    const session = this.sessions.load();
    if (session) this.sessions.save({ ...session, user });
    await this.listAuthMethods(options).catch(() => undefined);
    return user;
  }

  /** Uses another stamper for this session (null: the auth frame). */
  useStamper(stamper: Stamper | null): void {
    this.stamper = stamper ?? this.frame;
  }

  /** Whether stamps come from the auth frame (export then shows the seed phrase). */
  get stampsWithFrame(): boolean {
    return this.stamper === this.frame;
  }

  /** A request to the backend, stamped by the session's key. */
  async stampedRequest(operation: string, body: Record<string, unknown>, stamper: Stamper = this.stamper, options: AbortOptions = {}): Promise<StampedRequest> {
    const json = JSON.stringify(body);
    const stamp = await stamper.stamp(json, options);
    return { url: `${this.config.keyManagementUrl}/public/v1/${operation}`, body: json, stamp };
  }

  /** Runs a sensitive change, asking the user for a fresh proof when the backend wants one (step-up.ts). */
  stepUp<T>(change: () => Promise<T>, options: AbortOptions = {}): Promise<T> {
    return withStepUp(this.kit, change, options);
  }

  /** Loads the user of an organisation through a stamped whoami (by the session's stamper, or `stamper`). */
  async whoami(orgId: string, stamper?: Stamper, options: AbortOptions = {}): Promise<User> {
    const stampedRequest = await this.stampedRequest("query/whoami", { organizationId: orgId, timestampMs: this.nextTimestampMs() }, stamper, options);
    return toUser(await this.client.request("whoami", { stampedRequest }, options));
  }

  /** The signed-in user; throws {@link NotLoggedInError} when there is none. */
  requireUser(): User {
    const user = this.kit.getUser();
    if (!user || user.type !== "sca") throw new NotAuthenticatedError();
    return user;
  }

  /** Signs a payload with the user's wallet key (sign-payload). */
  async signRawPayload(params: SignRawPayloadParameters, options: AbortOptions = {}): Promise<Hex> {
    // A split wallet signs in the frame (custody.sign); any other the server signs.
    const signature = (await this.custody.sign(params, options)) ?? (await this.client.request("sign-payload", { stampedRequest: await signRawPayloadRequest(this, params, options) }, options)).signature;
    return (signature.startsWith("0x") ? signature : `0x${signature}`) as Hex;
  }

  /** The user's sign-in methods (email, phone, linked providers, passkeys), refreshing the cache. */
  async listAuthMethods(options: AbortOptions = {}): Promise<AuthMethods> {
    const user = this.requireUser();
    const body = { organizationId: user.orgId, userId: user.userId, timestampMs: this.nextTimestampMs() };
    const stampedRequest = await this.stampedRequest(LIST_AUTH_METHODS_OPERATION, body, undefined, options);
    const methods = await this.client.request("list-auth-methods", { suborgId: user.orgId, stampedRequest }, options);
    this.kit.store.set(this.authMethodsAtom, methods);
    return methods;
  }

  /** Ends the session: storage, frame key, user, then the key on the server (revoke-session). Always settles, offline too. */
  async disconnect(): Promise<void> {
    this.generation++;
    const user = this.kit.getUser(); // the session key's revocation is stamped before the frame forgets the key, sent last
    const revocation = user?.type === "sca" && this.stamper.sessionKey && this.sessions.load() ? await stampRevocation(this, this.stamper, user.orgId).catch(() => null) : null;
    this.sessions.clear();
    this.sessions.clearTemporary();
    this.useStamper(null);
    this.kit.store.set(this.stateAtom, initialState());
    this.kit.store.set(this.authMethodsAtom, null);
    await this.frame.clear().catch((error: unknown) => console.warn("[latch] the auth frame could not clear its key", error));
    this.kit.setUser(null);
    this.kit.setStatus("DISCONNECTED");
    if (revocation) await sendRevocation(this, revocation);
  }

  /** Makes the user the kit's signed-in user. */
  connect(user: User): void {
    this.kit.setUser(user);
    this.kit.setStatus("CONNECTED");
  }

  /** Records a failed sign-in: the error is stored and the status becomes `status` (default disconnected). */
  fail(thrown: unknown, status: SignerStatus = "DISCONNECTED"): Error {
    const error = toError(thrown);
    this.patchState({ error });
    this.kit.setStatus(status);
    return error;
  }
}

export type { Session };
