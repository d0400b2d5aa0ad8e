// Texts of the Solana wallet plugin: spec wording where the spec has it; the others (marked) are ours.
export const solanaWalletStrings = {
  signingUnsupported: "Connected wallet does not support signing transactions",
  signMessageUnsupported: "Connected wallet does not support signing messages", // ours
  versionUnsupported: "Connected wallet does not support versioned transactions", // ours: spec wording not shown
  noAccount: "The wallet did not return an account", // ours
};

export type SolanaWalletStrings = typeof solanaWalletStrings;
