// Texts of the Solana wallet plugin: spec wording where the spec has it; the others (marked) are ours.
/** The Solana wallet texts (English), by key. */
export const solanaWalletStrings = {
  signingUnsupported: "Connected wallet does not support signing transactions",
  noSolanaAddress: "no solana address",
  signMessageUnsupported: "Connected wallet does not support signing messages", // ours
  versionUnsupported: "Connected wallet does not support versioned transactions", // ours: spec wording not shown
  noAccount: "The wallet did not return an account", // ours
  chainUnsupported: "Connected wallet does not support this Solana chain", // ours
  signInUnsupported: "Connected wallet does not support sign in with Solana", // ours
  signInMessageMismatch: "The message the wallet signed does not match the sign-in request", // ours
  signInKeyMismatch: "The wallet's public key does not match its address", // ours
  signInSignatureInvalid: "The wallet's sign-in signature does not verify", // ours
};

/** The Solana wallet texts' type. */
export type SolanaWalletStrings = typeof solanaWalletStrings;
