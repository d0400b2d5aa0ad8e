/** The auth frame's split-custody messages (requests the kit sends, answers the frame posts back). */
export const CUSTODY_MESSAGES = {
  load: "LATCH_CUSTODY_LOAD",
  loaded: "LATCH_CUSTODY_LOADED",
  splitRequest: "LATCH_CUSTODY_SPLIT",
  /** A new account's wallet: generated and split in the frame (answered as a split). */
  create: "LATCH_CUSTODY_CREATE",
  recover: "LATCH_CUSTODY_RECOVER",
  setRecovery: "LATCH_CUSTODY_SET_RECOVERY",
  split: "LATCH_CUSTODY_SPLIT_READY",
  /** The server kept the split: the frame keeps its new device share (until then it keeps the old one). */
  commit: "LATCH_CUSTODY_COMMIT",
  committed: "LATCH_CUSTODY_COMMITTED",
  sign: "LATCH_CUSTODY_SIGN",
  signature: "LATCH_CUSTODY_SIGNATURE",
} as const;

/** Marks the secret of a split wallet's export bundle (the auth share and addresses; the export frame adds its device share). */
export const SPLIT_EXPORT_KIND = "latch-split-export";

/** The auth frame's User Timing measures of a signature from two shares (rebuild, sign, wipe): `<this>:evm`, `<this>:solana`. */
export const SIGN_MEASURE = "latch-custody-sign";

/** The auth frame's User Timing measure of a new wallet made in the frame (entropy, derivation, split, pair checks, sealing, proof). */
export const CREATE_MEASURE = "latch-custody-create";
