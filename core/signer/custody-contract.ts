// Split custody's contract with the rest of the kit: its status, errors, screens token and what it
// needs of the signer. Loaded with the signer; the engine (split-custody-engine.ts) loads only for a
// wallet in split custody (split-custody.ts), so an app whose wallets the server holds ships none of it.
import type { StampedRequest } from "../../wire/routes";
import type { AbortOptions } from "../abort";
import { token } from "../container";
import { LatchError } from "../errors";
import type { Kit } from "../kit-types";
import type { User } from "../types";
import type { SignerClient } from "./client";
import type { FrameStamper } from "./frame-stamper";
import type { SessionManager } from "./session";

/** The wallet's custody as this device sees it. */
export interface CustodyStatus {
  custody: "server" | "pending" | "split";
  /** The server's mode (LATCH_CUSTODY). */
  mode: "server" | "split" | "split-required";
  recoveryKind?: "passkey" | "code";
  /** A split wallet: whether this device's frame holds its share (false: recover before signing). */
  deviceShare?: boolean;
  /** Set once, right after a split: the code the user must write down (it unlocks the recovery share). */
  recoveryCode?: string;
}

/** This device has no share of the split wallet (new device, cleared storage): recover with the recovery code. */
export class DeviceShareMissingError extends LatchError {
  override readonly name = "DeviceShareMissingError" as const;
}

/** The recovery code does not open the wallet's recovery share (detail in `cause`). */
export class WrongRecoveryCodeError extends LatchError {
  override readonly name = "WrongRecoveryCodeError" as const;
}

/** The passkey did not unlock the recovery share: cancelled, another passkey, or one without the PRF extension (detail in `cause`). */
export class RecoveryPasskeyError extends LatchError {
  override readonly name = "RecoveryPasskeyError" as const;
  /**
   * `no-passkey`: no passkey answered the ceremony — none of this site is on the device, or the user
   * cancelled (the browser tells them apart no more than it does at sign-in); `failed`: one answered
   * and did not unlock the share (another passkey, or one without PRF).
   */
  readonly reason: "no-passkey" | "failed";
  constructor(message: string, options?: { cause?: unknown; details?: unknown }) {
    super(message, options);
    // The frame's ceremony says PASSKEY_CANCELLED when the browser answered NotAllowedError or AbortError.
    this.reason = /PASSKEY_CANCELLED/.test(String(options?.cause)) ? "no-passkey" : "failed";
  }
}

/**
 * How the wallet's recovery share is locked: the user's passkey (its WebAuthn PRF output; the
 * ceremony runs in the signer frame, `rpId` the passkeys' relying party, by default the frame's
 * host) or a recovery code the frame makes and the user saves.
 */
export type RecoveryChoice = { method: "passkey"; rpId?: string } | { method: "code" };

/**
 * The screens that ask the user (a plugin registers them with `kit.container.add(CUSTODY_PROMPTS, …)`;
 * without one the kit locks a new wallet's recovery share with a code and a device without its
 * share gets {@link DeviceShareMissingError}). Each settles once the user is done (the screen called
 * `setRecovery`, `recover` or `recoverWithPasskey`), or rejects when the user leaves.
 */
export interface CustodyPrompts {
  /** Before a wallet is split (before it can sign, hence before it can move value): the recovery means. */
  chooseRecovery(kit: Kit, options: AbortOptions): Promise<void>;
  /** This device holds no share of a split wallet: recover by passkey or code. */
  recoverDevice(kit: Kit, options: AbortOptions): Promise<void>;
}

/** Container token of the custody screens. */
export const CUSTODY_PROMPTS = token<CustodyPrompts>("latch.signer.CustodyPrompts");

/** What split custody needs of the embedded signer (which passes itself). */
export interface CustodySigner {
  readonly client: SignerClient;
  readonly frame: FrameStamper;
  requireUser(): User;
  nextTimestampMs(): string;
  stampedRequest(operation: string, body: Record<string, unknown>, stamper?: undefined, options?: AbortOptions): Promise<StampedRequest>;
  refreshUser(options?: AbortOptions): Promise<User>;
  /** Whether the session stamps with the auth frame (a passkey session does not, until it opens a frame session). */
  readonly stampsWithFrame: boolean;
  /** The session's length in seconds (a frame session lasts as long). */
  readonly expirationSeconds: number;
  useStamper(stamper: null): void;
  /** The stored session (a frame session's bundle is kept with it, so a reload stamps with it again). */
  readonly sessions: SessionManager;
  readonly config: { readonly requestTimeoutMs: number };
}
