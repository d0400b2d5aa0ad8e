import type { PrimitiveAtom } from "jotai/vanilla";
import type { Hex } from "viem";
import { CUSTODY_MESSAGES as M } from "../../wire/custody-frame";
import type { AbortOptions } from "../abort";
import type { User } from "../types";
import type { Kit } from "../kit-types";
import type { SignRawPayloadParameters } from "./wallet-signing";
import { CUSTODY_TEXT } from "./custody-texts";
import { keepFrameSession } from "./session-keys";
import {
  CUSTODY_PROMPTS,
  DeviceShareMissingError,
  RecoveryPasskeyError,
  WrongRecoveryCodeError,
  type CustodyPrompts,
  type CustodySigner,
  type CustodyStatus,
  type RecoveryChoice,
} from "./custody-contract";

/** What the frame answers for a split: the upload (addresses, sealed shares, the proof) and, for a code, the code to show once. */
interface Split {
  address: string;
  solanaAddress: string;
  sealedShares: string;
  challenge: string;
  proof: { evm: string; solana: string };
  recoveryCode?: string;
}

/**
 * Split custody on the kit's side: it relays between the server and the signer frame, which holds
 * the device share and signs. The page only ever carries ciphertexts (shares sealed to the frame
 * or to the server), addresses and signatures.
 */
export class SplitCustodyEngine {
  private loading: Promise<CustodyStatus> | null = null;
  /** The organisation `loading` is of: another user's sign-in loads anew. */
  private loadingFor = "";
  /** A passkey session's frame session, opened once (the shares go only to a session's frame). */
  private frameSession: Promise<void> | null = null;
  /** The server's upload challenge for this session (custody-state), per organisation. */
  private challenge: { org: string; value: string } | null = null;

  constructor(
    private readonly signer: CustodySigner,
    private readonly kit: Kit,
    /** The status, kept by the signer's SplitCustody (readable before this engine loads). */
    readonly statusAtom: PrimitiveAtom<CustodyStatus | null>,
  ) {
    kit.events.on("disconnected", () => this.reset());
  }

  get status(): CustodyStatus | null {
    return this.kit.store.get(this.statusAtom);
  }

  private get store() {
    return this.kit.store;
  }

  /** The wallet's custody, loaded once per session: a pending wallet is split now; a split one's shares go to the frame. */
  ready(options: AbortOptions = {}): Promise<CustodyStatus> {
    const org = this.signer.requireUser().orgId;
    if (org !== this.loadingFor) this.reset();
    this.loadingFor = org;
    this.loading ??= this.load(options).catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /**
   * At sign-in (a new frame session): a split wallet's shares reach the frame now, a pending wallet
   * is split now, so the first signature waits for nothing. Never throws (signing retries); answers
   * the user as it is then (a pending wallet's user is `split` once split).
   */
  async afterSignIn(user: User, options: AbortOptions = {}): Promise<User> {
    this.reset();
    const loading = this.ready(options).catch((error: unknown) => {
      console.warn("[latch] the wallet's split custody could not be loaded; signing will retry", error);
    });
    // With screens, a new wallet waits for the user's choice, shown once the sign-in has completed: not awaited here.
    if (!this.prompts || user.custody !== "pending") await loading;
    return this.kit.getUser() ?? user;
  }

  private get prompts(): CustodyPrompts | undefined {
    return this.kit.container.all(CUSTODY_PROMPTS).at(-1);
  }

  /** Forgets the session's custody state (sign-out, a new sign-in). */
  reset(): void {
    this.loading = null;
    this.frameSession = null;
    this.challenge = null;
    this.store.set(this.statusAtom, null);
  }

  /** Signs in the frame; undefined when the wallet is not split (the server signs). */
  async sign(params: SignRawPayloadParameters, options: AbortOptions = {}): Promise<Hex | undefined> {
    const user = this.signer.requireUser();
    if (!user.custody) return undefined;
    let status = await this.ready(options);
    if (status.custody !== "split") return undefined;
    const prompts = this.prompts;
    if (!status.deviceShare && prompts) {
      await prompts.recoverDevice(this.kit, options);
      status = await this.ready(options);
    }
    if (!status.deviceShare) throw new DeviceShareMissingError(CUSTODY_TEXT.noDeviceShare);
    const hashFunction = params.hashFunction ?? "HASH_FUNCTION_NO_OP";
    // Read again: a wallet created in the frame at this sign-in got its address while `ready` waited.
    const signWith = params.signWith ?? this.signer.requireUser().address;
    return this.signer.frame.command<Hex>(M.sign, { organizationId: user.orgId, hashFunction, payload: params.payload, signWith });
  }

  /** Moves a wallet the server holds into split custody (the user consented): the server's copy is destroyed. */
  moveToSplit(options: AbortOptions = {}): Promise<CustodyStatus> {
    return this.split(options);
  }

  /** This device lost its share: the recovery code opens the recovery share, the wallet is split anew with a share for this device. */
  async recover(code: string, options: AbortOptions = {}): Promise<CustodyStatus> {
    const user = this.signer.requireUser();
    await this.ready(options);
    const upload = await this.signer.frame
      .command<Split>(M.recover, { organizationId: user.orgId, code, challenge: await this.challengeFor(options) })
      .catch((error: unknown) => {
        // The frame says why in its ERROR text: a code of the wrong form, or one that does not open the box.
        if (/does not open|INVALID_RECOVERY_CODE|locked by/.test(String(error))) throw new WrongRecoveryCodeError(CUSTODY_TEXT.wrongCode, { cause: error });
        throw error;
      });
    await this.upload(upload, options);
    return this.reload(options);
  }

  /** As {@link recover}, with the passkey that locked the recovery share (its PRF, evaluated in the frame). */
  async recoverWithPasskey(options: AbortOptions & { rpId?: string } = {}): Promise<CustodyStatus> {
    const user = this.signer.requireUser();
    await this.ready(options);
    const upload = await this.signer.frame
      .command<Split>(M.recover, { organizationId: user.orgId, method: "passkey", challenge: await this.challengeFor(options), ...(options.rpId ? { rpId: options.rpId } : {}) })
      .catch((error: unknown) => {
        if (/PASSKEY_|PRF_UNSUPPORTED|does not open|locked by|not locked by a passkey/.test(String(error))) throw new RecoveryPasskeyError(CUSTODY_TEXT.passkeyFailed, { cause: error });
        throw error;
      });
    await this.upload(upload, options);
    return this.reload(options);
  }

  /**
   * Locks the wallet's recovery share with the means the user chose: a wallet still held by the
   * server is split now; a split one is split anew on this device (which must hold its share). A
   * code choice answers the new code in `recoveryCode`, to show the user once.
   */
  async setRecovery(choice: RecoveryChoice, options: AbortOptions = {}): Promise<CustodyStatus> {
    // A pending wallet's load waits for this very choice (CUSTODY_PROMPTS): split it without waiting.
    if (this.signer.requireUser().custody === "pending") return this.split(options, choice);
    const status = await this.ready(options);
    if (status.custody !== "split") return this.split(options, choice);
    const user = this.signer.requireUser();
    const made = await this.signer.frame
      .command<Split>(M.setRecovery, { organizationId: user.orgId, recovery: choice, challenge: await this.challengeFor(options) })
      .catch((error: unknown) => {
        if (/DEVICE_SHARE_MISSING/.test(String(error))) throw new DeviceShareMissingError(CUSTODY_TEXT.noDeviceShare, { cause: error });
        if (/PASSKEY_|PRF_UNSUPPORTED/.test(String(error))) throw new RecoveryPasskeyError(CUSTODY_TEXT.passkeyFailed, { cause: error });
        throw error;
      });
    await this.upload(made, options);
    const next = await this.reload(options);
    if (made.recoveryCode) this.store.set(this.statusAtom, { ...next, recoveryCode: made.recoveryCode });
    return this.status!;
  }

  private async load(options: AbortOptions): Promise<CustodyStatus> {
    const state = await this.state(options);
    // `none`: the account's wallet is made by this frame now; `pending`: the server still holds it. Either is split before it signs.
    if (state.custody !== "pending" && state.custody !== "none") return this.loaded(state, options);
    const prompts = this.prompts;
    if (!prompts) return this.split(options);
    this.store.set(this.statusAtom, { custody: "pending", mode: state.mode });
    await prompts.chooseRecovery(this.kit, options);
    return this.reload(options);
  }

  /** The custody state; its challenge (this session's, for uploads) is kept. */
  private async state(options: AbortOptions) {
    const state = await this.request("custody-state", "query/custody_state", {}, options);
    if (state.challenge) this.challenge = { org: this.signer.requireUser().orgId, value: state.challenge };
    return state;
  }

  private async challengeFor(options: AbortOptions): Promise<string> {
    const org = this.signer.requireUser().orgId;
    if (this.challenge?.org !== org) await this.state(options);
    if (this.challenge?.org !== org) throw new Error("The server issued no upload challenge to this session");
    return this.challenge.value;
  }

  private async reload(options: AbortOptions): Promise<CustodyStatus> {
    const next = this.loaded(await this.state(options), options);
    this.loading = next;
    return next;
  }

  private async loaded(state: { custody: CustodyStatus["custody"] | "none"; mode: CustodyStatus["mode"]; recoveryKind?: "passkey" | "code"; bundle?: string }, options: AbortOptions): Promise<CustodyStatus> {
    const user = this.signer.requireUser();
    const status: CustodyStatus = { custody: state.custody === "none" ? "pending" : state.custody, mode: state.mode, ...(state.recoveryKind ? { recoveryKind: state.recoveryKind } : {}) };
    if (state.custody === "split" && state.bundle) {
      options.signal?.throwIfAborted();
      const { deviceShare } = await this.signer.frame.command<{ deviceShare: boolean }>(M.load, {
        organizationId: user.orgId,
        bundle: state.bundle,
        address: user.address,
        solanaAddress: user.solanaAddress ?? "",
      });
      status.deviceShare = deviceShare;
    }
    this.store.set(this.statusAtom, { ...status, ...(this.status?.recoveryCode ? { recoveryCode: this.status.recoveryCode } : {}) });
    // A device without its share: the recovery screen, once the sign-in is off screen (a signature would ask too).
    if (status.deviceShare === false) void this.prompts?.recoverDevice(this.kit, {}).catch(() => undefined);
    return this.status!;
  }

  /**
   * Splits the wallet now: a new account's wallet is generated in the frame (the server never held
   * it); a wallet the server holds is sealed to the frame and split. Another device that created the
   * account's wallet first wins: this one is told so and recovers (the custody state says split).
   */
  private async split(options: AbortOptions, choice: RecoveryChoice = { method: "code" }): Promise<CustodyStatus> {
    const user = this.signer.requireUser();
    const state = await this.state(options);
    // Another device made the account's wallet since this one signed in: this device recovers it.
    if (state.custody === "split") return this.joinExisting(options);
    const made = await this.makeSplit(state.custody === "none", choice, options).catch((error: unknown) => {
      if (/PASSKEY_|PRF_UNSUPPORTED/.test(String(error))) throw new RecoveryPasskeyError(CUSTODY_TEXT.passkeyFailed, { cause: error });
      throw error;
    });
    try {
      await this.upload(made, options);
    } catch (error) {
      if ((error as { code?: unknown }).code !== "WALLET_EXISTS") throw error;
      // Another device created the wallet while this one did: its shares stand, this device recovers.
      return this.joinExisting(options);
    }
    this.store.set(this.statusAtom, {
      custody: "split",
      mode: state.mode,
      recoveryKind: choice.method,
      ...(made.recoveryCode ? { recoveryCode: made.recoveryCode } : {}),
    });
    await this.signer.refreshUser(options);
    if (!this.signer.requireUser().address) throw new Error(`The wallet of ${user.orgId} was uploaded but the server answers no address`);
    return this.reload(options);
  }

  /** The wallet another device made: the user gets its addresses; this device holds no share of it (the recovery screen asks). */
  private async joinExisting(options: AbortOptions): Promise<CustodyStatus> {
    await this.signer.refreshUser(options);
    return this.reload(options);
  }

  private async makeSplit(create: boolean, recovery: RecoveryChoice, options: AbortOptions): Promise<Split> {
    const organizationId = this.signer.requireUser().orgId;
    if (create) return this.signer.frame.command<Split>(M.create, { organizationId, recovery, challenge: await this.challengeFor(options) });
    const { bundle, challenge } = await this.request("custody-reshare-source", "submit/custody_reshare_source", {}, options);
    return this.signer.frame.command<Split>(M.splitRequest, { organizationId, entropyBundle: bundle, recovery, challenge });
  }

  /** Uploads a split with its proof; once the server kept it, the frame keeps the new device share (until then, the old one). */
  private async upload(made: Split, options: AbortOptions) {
    const { address, solanaAddress, sealedShares, challenge, proof } = made;
    await this.request("custody-split", "submit/custody_split", { address, solanaAddress, sealedShares, challenge, proof }, options);
    await this.signer.frame.command(M.commit, { organizationId: this.signer.requireUser().orgId, address });
  }

  /**
   * A session stamped by a passkey has no frame key, and shares go only to a session's frame: the
   * passkey stamps one request for a session key sealed to the auth frame, which then stamps the
   * session's requests (no more passkey prompts, a reload included; logout revokes that key).
   */
  private ensureFrameSession(options: AbortOptions): Promise<void> {
    if (this.signer.stampsWithFrame) return Promise.resolve();
    this.frameSession ??= this.openFrameSession(options).catch((error: unknown) => {
      this.frameSession = null;
      throw error;
    });
    return this.frameSession;
  }

  private async openFrameSession(options: AbortOptions): Promise<void> {
    const user = this.signer.requireUser();
    const targetPublicKey = await this.signer.frame.init();
    const body = { organizationId: user.orgId, timestampMs: this.signer.nextTimestampMs(), targetPublicKey, expirationSeconds: this.signer.expirationSeconds };
    const stampedRequest = await this.signer.stampedRequest("submit/custody_frame_session", body, undefined, options);
    const { credentialBundle } = await this.signer.client.request("custody-frame-session", { stampedRequest }, options);
    await this.signer.frame.injectCredentialBundle(credentialBundle);
    this.signer.useStamper(null);
    // Kept as a sign-in's bundle is (sign-only when the app holds the frame's key): a reload stamps with it, no passkey prompt.
    await keepFrameSession(this.signer, credentialBundle, options);
  }

  private async request<R extends "custody-state" | "custody-reshare-source" | "custody-split">(route: R, operation: string, extra: Record<string, unknown>, options: AbortOptions) {
    await this.ensureFrameSession(options);
    const user = this.signer.requireUser();
    const body = { organizationId: user.orgId, timestampMs: this.signer.nextTimestampMs(), ...extra };
    const stampedRequest = await this.signer.stampedRequest(operation, body, undefined, options);
    return this.signer.client.request(route, { stampedRequest }, options);
  }
}
