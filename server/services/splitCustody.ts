import { mnemonicToEntropy } from "@scure/bip39";
import { getAddress } from "viem";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import type { ServerContext } from "../context";
import { ApiError, badRequest, conflict, forbidden } from "../errors";
import { listFactors } from "./mfa";
import { sealCredentialBundle } from "../crypto/bundle";
import { bytesToHex, hexToBytes } from "../crypto/encoding";
import { openImportBundle, parseEncryptedBundle } from "../crypto/importBundle";
import { custodyTargetKey, openAuthShare, sealAuthShare } from "../custody/authShare";
import type { CustodyMode, WalletCustody } from "../custody/custodyMode";
import { parseRecoveryBox, type RecoveryKind } from "../frames/custody/recoveryLock";
import type { SignerRow } from "../store/users";
import { countDefaultWalletAccounts, destroyServerCopy, findWalletShares, recordCreatedWallet, upsertWalletShares } from "../store/walletShares";
import { isUploadChallenge, uploadChallenge, verifyCustodyProof } from "../custody/uploadProof";
import type { CustodyProof } from "../frames/custody/proof";
import { mnemonicOfRow } from "./custody";
import { openSession } from "./sessions";
import { SPLIT_EXPORT_KIND } from "../../wire/custody-frame";

/** What the kit learns at sign-in: the wallet's custody and, for a split wallet, the shares its frame needs, sealed to that frame. */
export interface CustodyState {
  custody: WalletCustody;
  mode: CustodyMode;
  recoveryKind?: RecoveryKind;
  /** HPKE-sealed to the session's frame key: `{authShare, recoveryBox}`; the page relays it and reads nothing. */
  bundle?: string;
  /** What the frame signs, with the keys its shares rebuild, to upload a split from this session (custody-split's proof). */
  challenge?: string;
}

const PASSKEY_CREDENTIAL = "webauthn:";

/**
 * A user with a second factor enrolled gets shares (or a held wallet's entropy, or a new split) only
 * through a session whose sign-in passed it: a session opened before the factor was enrolled, or by
 * a method that does not ask for it, is refused with the factors to pass (sign in again).
 */
export async function requireSecondFactor(ctx: ServerContext, orgId: string, stamp: { credential: string; secondFactorAt?: number }): Promise<void> {
  // A passkey's stamp is two factors in itself (the device and its user verification, which the server requires).
  if (stamp.secondFactorAt !== undefined || stamp.credential.startsWith(PASSKEY_CREDENTIAL)) return;
  const factors = await listFactors(ctx.db, orgId);
  if (factors.length === 0) return;
  throw new ApiError(
    403,
    "MFA_REQUIRED",
    "This wallet's shares are released only to a session that passed your second factor: sign in again with your authenticator code",
    { multiFactors: factors },
    { data: { multiFactors: factors } },
  );
}

/** The frame key of the session that stamped: only a session's own frame receives shares. */
function sessionFrameKey(frameKey: string | undefined): string {
  if (!frameKey) {
    throw forbidden(
      "FRAME_SESSION_REQUIRED",
      "Shares are released only to a session's signer frame: stamp with the session key the frame holds (a passkey stamp or an API key without a frame cannot receive them)",
    );
  }
  return frameKey;
}

export async function custodyState(ctx: ServerContext, signer: SignerRow, stamp: { frameKey?: string | undefined; credential: string }): Promise<CustodyState> {
  const custody = signer.custody ?? "server";
  // A wallet the server holds gets its challenge with its entropy (custody-reshare-source): server mode answers as it always did.
  const challenge = stamp.frameKey && custody !== "server" ? { challenge: uploadChallenge(ctx.secrets, signer.orgId, stamp.credential) } : {};
  if (custody !== "split") return { custody, mode: ctx.custody, ...challenge };
  const target = sessionFrameKey(stamp.frameKey);
  const shares = await findWalletShares(ctx.db, signer.orgId);
  if (!shares) throw new Error(`wallet of ${signer.orgId} is split but has no shares`);
  const authShare = await openAuthShare(ctx.keys, signer.orgId, shares);
  try {
    const payload = new TextEncoder().encode(JSON.stringify({ authShare: bytesToHex(authShare), recoveryBox: parseRecoveryBox(shares.recoveryBox) }));
    return { custody, mode: ctx.custody, recoveryKind: shares.recoveryKind, bundle: await sealCredentialBundle(target, payload), ...challenge };
  } finally {
    authShare.fill(0);
  }
}

/**
 * A split wallet's export: the auth share and the wallet's addresses, for `sealExportBundle` to
 * seal to the export frame's key and sign. The export frame joins it with the device share it
 * reads from its own origin's storage, checks the addresses and shows the phrase; the page relays
 * one share at most, sealed. Requested by a valid session's stamp, as the mnemonic's export is.
 */
export async function splitExportSecret(ctx: ServerContext, signer: SignerRow): Promise<Uint8Array> {
  const shares = await findWalletShares(ctx.db, signer.orgId);
  if (!shares) throw new Error(`wallet of ${signer.orgId} is split but has no shares`);
  const authShare = await openAuthShare(ctx.keys, signer.orgId, shares);
  try {
    return new TextEncoder().encode(
      JSON.stringify({ kind: SPLIT_EXPORT_KIND, authShare: bytesToHex(authShare), address: signer.address, solanaAddress: signer.solanaAddress }),
    );
  } finally {
    authShare.fill(0);
  }
}

/**
 * The entropy of a wallet the server still holds, sealed to the session's frame, which splits it
 * (a new wallet in split mode, or a move the user consented to). Refused when the server keeps
 * wallets in server custody, and for a wallet with accounts beyond its first two (their keys are
 * sealed under the wallet's data key, which the move destroys).
 */
export async function reshareSource(ctx: ServerContext, signer: SignerRow, stamp: { frameKey?: string | undefined; credential: string }): Promise<{ bundle: string; challenge: string }> {
  const target = sessionFrameKey(stamp.frameKey);
  if (ctx.custody === "server") throw forbidden("SPLIT_CUSTODY_DISABLED", "This server keeps wallets in server custody (LATCH_CUSTODY=server)");
  if (signer.custody === "split") throw conflict("WALLET_IN_SPLIT_CUSTODY", "This wallet is already in split custody");
  if (signer.custody === "none") throw conflict("WALLET_NOT_CREATED", "This account has no wallet yet: its signer frame creates one and uploads the split (the server holds nothing to re-share)");
  if ((await countDefaultWalletAccounts(ctx.db, signer.orgId)) > 0) {
    throw conflict("WALLET_HAS_EXTRA_ACCOUNTS", "This wallet has accounts beyond its first EVM and Solana ones; they stay in server custody, so the wallet cannot move");
  }
  const mnemonic = await mnemonicOfRow(ctx, signer.orgId, signer);
  const entropy = mnemonicToEntropy(new TextDecoder().decode(mnemonic), wordlist);
  mnemonic.fill(0);
  try {
    return { bundle: await sealCredentialBundle(target, entropy), challenge: uploadChallenge(ctx.secrets, signer.orgId, stamp.credential) };
  } finally {
    entropy.fill(0);
  }
}

/**
 * A frame session for a passkey session: a session key sealed to the frame key the passkey's stamp
 * names (the passkey signed the body that names it), registered to that key as every sign-in's is,
 * so the shares then go to that frame only. Refused for any other stamp: an API key either has its
 * frame already or is a script's, which has none.
 */
export async function openFrameSession(
  ctx: ServerContext,
  signer: SignerRow,
  credential: string,
  body: { targetPublicKey: string; expirationSeconds?: number },
): Promise<{ credentialBundle: string }> {
  if (!credential.startsWith(PASSKEY_CREDENTIAL)) {
    throw forbidden("PASSKEY_STAMP_REQUIRED", "A frame session is opened by a passkey's stamp only (a session key already belongs to its frame)");
  }
  if (ctx.custody === "server" && (signer.custody ?? "server") === "server") {
    throw forbidden("SPLIT_CUSTODY_DISABLED", "This server keeps wallets in server custody (LATCH_CUSTODY=server): a passkey session needs no frame session");
  }
  // Opened by a passkey's stamp (device + user verification): it counts as having passed a second factor.
  return { credentialBundle: await openSession(ctx, signer.orgId, body.targetPublicKey.toLowerCase(), body.expirationSeconds, { secondFactor: true }) };
}

/** What the frame uploads: the wallet's addresses, `{authShare, recoveryBox}` sealed to the server's custody key, and the proof. */
export interface SplitUpload {
  address: string;
  solanaAddress: string;
  sealedShares: string;
  challenge: string;
  proof: CustodyProof;
}

/**
 * Stores a split made by the user's frame: the auth share sealed under a fresh data key, the
 * recovery box as it came. The upload is trusted only with its proof: the challenge this server
 * issued to the stamping session, signed by the EVM and Solana keys the uploaded shares rebuild
 * (the frame checked, before sealing, that device + auth and auth + recovery rebuild the same
 * entropy). Per custody:
 * - `none` (the frame created the wallet): the addresses are the proof's; the account gets them.
 * - `server` / `pending` (a move): they must be the wallet's; the server's copy is destroyed in the
 *   same transaction.
 * - `split`: shares are replaced (a recovery, a new recovery means) only by a re-split of the same
 *   wallet, proven by its keys; another wallet's shares are refused (`WALLET_EXISTS`: a second
 *   device that created its own wallet while the first uploaded, or junk).
 */
export async function acceptSplit(
  ctx: ServerContext,
  signer: SignerRow,
  upload: SplitUpload,
  credential: string,
): Promise<{ custody: "split"; recoveryKind: RecoveryKind; address: string; solanaAddress: string }> {
  const from = signer.custody ?? "server";
  if (ctx.custody === "server" && from !== "split" && from !== "none") {
    throw forbidden("SPLIT_CUSTODY_DISABLED", "This server keeps wallets in server custody (LATCH_CUSTODY=server)");
  }
  const sameWallet = upload.address.toLowerCase() === signer.address.toLowerCase() && upload.solanaAddress === signer.solanaAddress;
  if (from === "split" && !sameWallet) {
    throw conflict(
      "WALLET_EXISTS",
      "This account's wallet exists (another device may have just created it): its shares are replaced only by a re-split of that same wallet. Load the custody state again and recover on this device",
    );
  }
  if (from !== "none" && !sameWallet) throw badRequest("SPLIT_OF_ANOTHER_WALLET", `The shares are of ${upload.address}, not of this user's wallet ${signer.address}`);
  await requireProof(ctx, signer.orgId, upload, credential);
  const { authShare, recoveryBox } = await openUpload(ctx, upload.sealedShares);
  try {
    const sealed = await sealAuthShare(ctx.keys, signer.orgId, authShare);
    const row = { orgId: signer.orgId, ...sealed, recoveryBox: JSON.stringify(recoveryBox), recoveryKind: recoveryBox.kind, updatedAt: ctx.now() };
    await ctx.db.transaction(async (tx) => {
      if (from === "none") {
        if (!(await recordCreatedWallet(tx, signer.orgId, { address: getAddress(upload.address), solanaAddress: upload.solanaAddress }))) {
          throw conflict("WALLET_EXISTS", "This account's wallet was created meanwhile (by another device): load the custody state again and recover on this device");
        }
      } else if (from !== "split" && !(await destroyServerCopy(tx, signer.orgId, from))) {
        throw conflict("CUSTODY_CHANGED", "The wallet's custody changed meanwhile; load its state again");
      }
      await upsertWalletShares(tx, row);
    });
    return { custody: "split", recoveryKind: recoveryBox.kind, address: getAddress(upload.address), solanaAddress: upload.solanaAddress };
  } finally {
    authShare.fill(0);
  }
}

/** 403 unless the challenge is this session's and both keys signed it over this upload. */
async function requireProof(ctx: ServerContext, orgId: string, upload: SplitUpload, credential: string): Promise<void> {
  if (!isUploadChallenge(ctx.secrets, orgId, credential, upload.challenge)) {
    throw forbidden("INVALID_CUSTODY_PROOF", "The proof's challenge was not issued to this session: load the custody state with the session that uploads");
  }
  const verdict = await verifyCustodyProof({ organizationId: orgId, ...upload }, upload.proof);
  if (!verdict.evm || !verdict.solana) {
    const failed = [verdict.evm ? "" : `EVM (${upload.address})`, verdict.solana ? "" : `Solana (${upload.solanaAddress})`].filter(Boolean).join(" and ");
    throw forbidden("INVALID_CUSTODY_PROOF", `The proof is not signed by the ${failed} key of the uploaded wallet over this upload`);
  }
}

async function openUpload(ctx: ServerContext, sealedShares: string) {
  let plain: Uint8Array;
  try {
    const bundle = parseEncryptedBundle(sealedShares);
    const target = custodyTargetKey(ctx.secrets);
    if (bundle.targetPublic !== target.publicKeyHex) throw new Error("sealed to another key than this server's custody key");
    plain = await openImportBundle(bundle, target.privateKey);
  } catch (error) {
    throw badRequest("INVALID_SHARES", `sealedShares: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const value = JSON.parse(new TextDecoder().decode(plain)) as { authShare?: unknown; recoveryBox?: unknown };
    if (typeof value.authShare !== "string" || !/^([0-9a-f]{2}){17,33}$/i.test(value.authShare)) throw new Error("authShare must be 17 to 33 bytes of hex");
    return { authShare: hexToBytes(value.authShare), recoveryBox: parseRecoveryBox(JSON.stringify(value.recoveryBox)) };
  } catch (error) {
    throw badRequest("INVALID_SHARES", `sealedShares: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    plain.fill(0);
  }
}
