import { atom } from "jotai/vanilla";
import type { Hex } from "viem";
import type { AbortOptions } from "../abort";
import type { Kit } from "../kit-types";
import type { User } from "../types";
import type { CustodySigner, CustodyStatus, RecoveryChoice } from "./custody-contract";
import type { SplitCustodyEngine } from "./split-custody-engine";
import type { SignRawPayloadParameters } from "./wallet-signing";

/**
 * Split custody on the kit's side (`getEmbeddedSigner(kit).custody`): it relays between the server
 * and the signer frame, which holds the device share and signs; the page only ever carries
 * ciphertexts, addresses and signatures. Its code (split-custody-engine.ts) loads on first use by a
 * wallet in split custody, or by a call below: a wallet the server holds signs without it.
 */
export class SplitCustody {
  /** The wallet's custody as this device sees it (null until loaded for the session). */
  readonly statusAtom = atom<CustodyStatus | null>(null);
  private engine: Promise<SplitCustodyEngine> | null = null;
  private loaded: SplitCustodyEngine | null = null;

  constructor(
    private readonly signer: CustodySigner,
    private readonly kit: Kit,
  ) {}

  /** The current value of {@link statusAtom}. */
  get status(): CustodyStatus | null {
    return this.kit.store.get(this.statusAtom);
  }

  private load(): Promise<SplitCustodyEngine> {
    this.engine ??= import("./split-custody-engine").then(
      ({ SplitCustodyEngine }) => (this.loaded = new SplitCustodyEngine(this.signer, this.kit, this.statusAtom)),
      (error: unknown) => {
        this.engine = null;
        throw error;
      },
    );
    return this.engine;
  }

  /** The wallet's custody, loaded once per session: a pending wallet is split now; a split one's shares go to the frame. */
  async ready(options: AbortOptions = {}): Promise<CustodyStatus> {
    return (await this.load()).ready(options);
  }

  /**
   * At sign-in of a user whose wallet is split or pending: the shares reach the frame now (or the
   * wallet is split), so the first signature waits for nothing. Never throws (signing retries).
   */
  async afterSignIn(user: User, options: AbortOptions = {}): Promise<User> {
    try {
      return await (await this.load()).afterSignIn(user, options);
    } catch (error) {
      console.warn("[latch] the wallet's split custody could not be loaded; signing will retry", error);
      return this.kit.getUser() ?? user;
    }
  }

  /** Forgets the session's custody state (sign-out, a new sign-in). */
  reset(): void {
    if (this.loaded) this.loaded.reset();
    else this.kit.store.set(this.statusAtom, null);
  }

  /** Signs in the frame; undefined when the wallet is not split (the server signs), without loading anything. */
  async sign(params: SignRawPayloadParameters, options: AbortOptions = {}): Promise<Hex | undefined> {
    if (!this.signer.requireUser().custody) return undefined;
    return (await this.load()).sign(params, options);
  }

  /** Moves a wallet the server holds into split custody (the user consented): the server's copy is destroyed. */
  async moveToSplit(options: AbortOptions = {}): Promise<CustodyStatus> {
    return (await this.load()).moveToSplit(options);
  }

  /** This device lost its share: the recovery code opens the recovery share, the wallet is split anew with a share for this device. */
  async recover(code: string, options: AbortOptions = {}): Promise<CustodyStatus> {
    return (await this.load()).recover(code, options);
  }

  /** As {@link recover}, with the passkey that locked the recovery share (its PRF, evaluated in the frame). */
  async recoverWithPasskey(options: AbortOptions & { rpId?: string } = {}): Promise<CustodyStatus> {
    return (await this.load()).recoverWithPasskey(options);
  }

  /**
   * Locks the wallet's recovery share with the means the user chose: a wallet still held by the
   * server is split now; a split one is split anew on this device. A code choice answers the new
   * code in `recoveryCode`, to show the user once.
   */
  async setRecovery(choice: RecoveryChoice, options: AbortOptions = {}): Promise<CustodyStatus> {
    return (await this.load()).setRecovery(choice, options);
  }
}
