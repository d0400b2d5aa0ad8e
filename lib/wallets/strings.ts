// Texts of the wallet section, pick_eoa, eoa_connect and the wallet error views: spec wording where
// the spec has it; the others (marked) are ours, as the spec leaves them unshown.
/** The external wallet texts (English), by key. */
export const walletStrings = {
  moreWallets: "More wallets",
  continueWithWallet: "Continue with a wallet",
  selectWallet: "Select your wallet",
  noWallets: "No wallets available",
  solanaBadge: "Solana",
  connectingTo: "Connecting to {wallet}",
  followWallet: "Please follow the instructions in your wallet to connect.",
  cancel: "Cancel",
  walletListLabel: "Wallets", // ours: the accessible name of the list
  connectWith: "Connect with {wallet}", // ours: accessible name of a wallet button
  // Errors. Where the spec gives no wording: ours.
  unsupportedNetwork: "The connected wallet does not support this network",
  unsupportedNetworkBody: "Try again with a different wallet.",
  rejectedHeading: "Request rejected", // ours
  rejectedBody: "You rejected the connection in {wallet}. Try again when you are ready.", // ours
  defaultHeading: "Couldn't connect to", // ours: followed by the wallet name
  defaultBody: "Something went wrong while connecting. Please try again.", // ours
  chainIdNotFound: "The wallet did not report a network this app supports.", // ours: 'ChainId not found'
  paramsNotFound: "This app's WalletConnect settings are missing or incorrect.", // ours: 'params not found'
  chainNotConfigured: "This network is not configured for this app.", // ours: 'Chain not configured'
  alreadyConnected: "This wallet is already connected.", // ours: 'Connector already connected'
  notReady: "{wallet} is not installed in this browser. Its website opened in a new tab.", // ours: Solana 'not ready'
  noWalletTitle: "We can't find a wallet",
  noWalletBody: "Install a wallet in your browser, then try again.", // ours
  findWallet: "Find a wallet",
  close: "Close", // ours
};

export type WalletStrings = typeof walletStrings;
/** The id of the wallets string table (replace its texts with `ui.strings.wallets`). */
export const WALLET_STRINGS_TABLE = "wallets";
