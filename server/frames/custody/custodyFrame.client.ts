/**
 * Split custody inside the auth frame (browser code). The frame keeps the device share in its own
 * storage and, for the session, the auth share and recovery box the server sealed to its embedded
 * key; it rebuilds the key for one signature and wipes it. The page sends requests and receives
 * signatures, addresses and ciphertexts sealed to the server: never a share, the entropy or a key.
 */
import { hex } from "@scure/base";
import { parseReleasedShares, prepareSplit, type ReleasedShares } from "./makeSplit";
import { withWalletKeys, type WalletAddresses } from "./reassemble";
import { signPayloadWith } from "./signing";
import { newEntropy } from "./walletKeys";
import { joinShares } from "./shares";
import { isRecoveryCode, newRecoveryCode, passkeyPrfInput, unlockRecoveryShare, type RecoverySecret } from "./recoveryLock";
import { evaluatePasskeyPrf } from "./passkeyPrf.client";
import { CREATE_MEASURE, CUSTODY_MESSAGES as M, SIGN_MEASURE } from "../../../wire/custody-frame";
import { DEVICE_SHARE_PREFIX, frameStorage } from "./deviceShareStorage";

interface Dependencies {
  /** Opens a bundle sealed to the frame's embedded key (the auth frame's HPKE open). */
  openSealedBundle(bundle: unknown): Promise<Uint8Array>;
}

type Value = Record<string, unknown>;
type Answer = Promise<[string, unknown]>;


function text(value: Value, field: string): string {
  const v = value[field];
  if (typeof v !== "string" || !v) throw new Error(`${field} must be a non-empty string`);
  return v;
}

function custodyKey(): string {
  const key = document.querySelector('meta[name="latch-custody-key"]')?.getAttribute("content");
  if (!key) throw new Error("this frame page carries no custody key");
  return key;
}

const KEPT_MEASURES = 200;

/** Records one signature's time as a measure `latch-custody-sign:evm|solana` (the last 200 of each kind kept). */
function noteSignTime(kind: "evm" | "solana", started: number): void {
  const name = `${SIGN_MEASURE}:${kind}`;
  if (performance.getEntriesByName(name, "measure").length >= KEPT_MEASURES) performance.clearMeasures(name);
  performance.measure(name, { start: started, end: performance.now() });
}

/** The frame's split-custody requests; `handle` answers undefined for a message type that is not one. */
export function createCustodyFrame(deps: Dependencies) {
  const storage = frameStorage(); // null: third-party storage blocked, the device share lives as long as the page
  const memoryDevice = new Map<string, string>();
  const released = new Map<string, ReleasedShares & WalletAddresses>();
  const uncommitted = new Map<string, { device: Uint8Array; address: string }>();

  const device = {
    get: (org: string): Uint8Array | null => {
      const stored = storage?.getItem(DEVICE_SHARE_PREFIX + org) ?? memoryDevice.get(org) ?? null;
      return stored ? hex.decode(stored) : null;
    },
    set(org: string, share: Uint8Array) {
      memoryDevice.set(org, hex.encode(share));
      storage?.setItem(DEVICE_SHARE_PREFIX + org, hex.encode(share));
    },
  };

  const valueOf = (value: unknown): Value => {
    if (!value || typeof value !== "object") throw new Error("the request's value must be an object");
    return value as Value;
  };

  const sessionShares = (org: string) => {
    const shares = released.get(org);
    if (!shares) throw new Error("no shares for this wallet in the frame: load the custody state first");
    return shares;
  };

  /** The shares the server released to this frame at sign-in; answers whether this device holds its share. */
  async function load(value: Value): Answer {
    const org = text(value, "organizationId");
    const shares = parseReleasedShares(await deps.openSealedBundle(text(value, "bundle")));
    released.set(org, { ...shares, address: text(value, "address"), solanaAddress: text(value, "solanaAddress") });
    return [M.loaded, { deviceShare: device.get(org) !== null }];
  }

  /**
   * The secret a new split locks its recovery share with, as the user chose (`recovery`: a new
   * recovery code, the default, or their passkey's PRF output, the ceremony running here).
   */
  async function chosenSecret(value: Value): Promise<{ secret: RecoverySecret; recoveryCode?: string }> {
    const choice = value.recovery && typeof value.recovery === "object" ? (value.recovery as Value) : {};
    if (choice.method === "passkey") {
      const { prfOutput, prf } = await evaluatePasskeyPrf(typeof choice.rpId === "string" && choice.rpId ? { rpId: choice.rpId } : {});
      return { secret: { kind: "passkey", prfOutput, prf } };
    }
    if (choice.method !== undefined && choice.method !== "code") throw new Error("recovery.method must be passkey or code");
    const recoveryCode = newRecoveryCode();
    return { secret: { kind: "code", code: recoveryCode }, recoveryCode };
  }

  /** Who an upload is for: the user and the challenge the server issued to this session (custody-state). */
  const uploadFor = (value: Value) => ({ organizationId: text(value, "organizationId"), challenge: text(value, "challenge") });

  /** Splits `entropy` with the recovery secret; the device share stays here, the rest goes sealed to the server with its proof. */
  async function splitWith(value: Value, entropy: Uint8Array, secret: RecoverySecret, expectedAddress?: string) {
    const target = uploadFor(value);
    const prepared = await prepareSplit(entropy, secret, custodyKey(), target);
    if (expectedAddress && prepared.address.toLowerCase() !== expectedAddress.toLowerCase()) throw new Error("the shares rebuild another wallet");
    // Kept aside until the server stored the split (commit): a refused upload leaves the device's share as it was.
    uncommitted.get(target.organizationId)?.device.fill(0);
    uncommitted.set(target.organizationId, { device: prepared.device, address: prepared.address });
    const { address, solanaAddress, sealedShares, challenge, proof } = prepared;
    return { address, solanaAddress, sealedShares, challenge, proof };
  }

  /** Splits entropy the server sealed to this frame (a wallet it held): the device share stays, the rest goes sealed to the server. */
  async function split(value: Value): Answer {
    const { secret, recoveryCode } = await chosenSecret(value);
    const entropy = await deps.openSealedBundle(text(value, "entropyBundle"));
    try {
      return [M.split, { ...(await splitWith(value, entropy, secret)), ...(recoveryCode ? { recoveryCode } : {}) }];
    } finally {
      entropy.fill(0);
    }
  }

  /**
   * A new account's wallet, made here: fresh entropy from this browser's CSPRNG, split at once; the
   * server gets the auth share and the recovery box sealed, with the addresses and their proof, and
   * never the phrase or a key.
   */
  async function create(value: Value): Answer {
    const { secret, recoveryCode } = await chosenSecret(value);
    const started = performance.now();
    const entropy = newEntropy();
    try {
      const made = await splitWith(value, entropy, secret);
      performance.measure(CREATE_MEASURE, { start: started, end: performance.now() });
      return [M.split, { ...made, ...(recoveryCode ? { recoveryCode } : {}) }];
    } finally {
      entropy.fill(0);
    }
  }

  /** Another recovery means for a split wallet this device holds a share of: the wallet is split anew, its recovery share locked with it. */
  async function setRecovery(value: Value): Answer {
    const org = text(value, "organizationId");
    const shares = sessionShares(org);
    const share = device.get(org);
    if (!share) throw new Error("DEVICE_SHARE_MISSING: this device does not hold its share of the wallet; recover it first");
    const { secret, recoveryCode } = await chosenSecret(value);
    const entropy = await joinShares(share, shares.authShare);
    try {
      return [M.split, { ...(await splitWith(value, entropy, secret, shares.address)), ...(recoveryCode ? { recoveryCode } : {}) }];
    } finally {
      entropy.fill(0);
      share.fill(0);
    }
  }

  /** The server stored the split of `address`: its device share becomes this device's. */
  async function commit(value: Value): Answer {
    const org = text(value, "organizationId");
    const made = uncommitted.get(org);
    if (!made || made.address.toLowerCase() !== text(value, "address").toLowerCase()) throw new Error("no split of this wallet waits for its commit in this frame");
    device.set(org, made.device);
    made.device.fill(0);
    uncommitted.delete(org);
    return [M.committed, { deviceShare: true }];
  }

  async function sign(value: Value): Answer {
    const org = text(value, "organizationId");
    const shares = sessionShares(org);
    const share = device.get(org);
    if (!share) throw new Error("DEVICE_SHARE_MISSING: this device does not hold its share of the wallet; recover it with the recovery code");
    const started = performance.now();
    const signature = await withWalletKeys(share, shares.authShare, shares, (keys) =>
      signPayloadWith(keys, { hashFunction: text(value, "hashFunction"), payload: text(value, "payload"), signWith: text(value, "signWith") }),
    );
    noteSignTime(text(value, "hashFunction") === "HASH_FUNCTION_NO_OP" ? "evm" : "solana", started);
    return [M.signature, signature];
  }

  /** What opens this wallet's recovery box: the code given, or the passkey that locked it (its ceremony runs here). */
  async function recoverySecret(value: Value, shares: ReleasedShares): Promise<RecoverySecret> {
    if (value.method === "passkey") {
      const rpId = typeof value.rpId === "string" && value.rpId ? value.rpId : undefined;
      const { prfOutput, prf } = await evaluatePasskeyPrf({ prf: passkeyPrfInput(shares.recoveryBox), ...(rpId ? { rpId } : {}) });
      return { kind: "passkey", prfOutput, prf };
    }
    const code = text(value, "code");
    if (!isRecoveryCode(code)) throw new Error("INVALID_RECOVERY_CODE: a recovery code is 20 letters and digits");
    return { kind: "code", code };
  }

  /** A new device: the recovery share (opened by the code or passkey) and the auth share rebuild the wallet, which is split anew with the same means. */
  async function recover(value: Value): Answer {
    const org = text(value, "organizationId");
    const shares = sessionShares(org);
    const secret = await recoverySecret(value, shares);
    const recovery = await unlockRecoveryShare(shares.recoveryBox, secret, shares);
    const entropy = await joinShares(shares.authShare, recovery);
    try {
      return [M.split, await splitWith(value, entropy, secret, shares.address)];
    } finally {
      entropy.fill(0);
      recovery.fill(0);
      if (secret.kind === "passkey") secret.prfOutput.fill(0);
    }
  }

  const handlers: Record<string, (value: Value) => Answer> = { [M.load]: load, [M.splitRequest]: split, [M.create]: create, [M.commit]: commit, [M.sign]: sign, [M.recover]: recover, [M.setRecovery]: setRecovery };

  return {
    handle(type: unknown, value: unknown): Answer | undefined {
      const handler = typeof type === "string" ? handlers[type] : undefined;
      return handler ? handler(valueOf(value)) : undefined;
    },
    /** Sign-out: the session's shares leave memory; the device share stays with the device. */
    forget(): void {
      for (const shares of released.values()) shares.authShare.fill(0);
      released.clear();
    },
  };
}
