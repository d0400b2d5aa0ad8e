import { type } from "arktype";

// The wallet section's options, checked at createKit in development builds. A module of its own:
// production builds drop the reference, then this module and the schema library with it.
export const walletSectionSchema = type({
  type: "string > 0",
  "numFeaturedWallets?": "number.integer >= 0",
  "moreButtonText?": "string",
  "hideMoreButton?": "boolean",
  "wallets?": "string[]",
  "chainType?": "('evm' | 'svm')[]",
});
