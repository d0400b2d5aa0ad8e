// Texts of the mobile wallet plugin: the modal texts, and others of our own.
/** The mobile wallet texts (English), by key. */
export const mobileWalletStrings = {
  walletName: "Mobile Wallet Adapter", // ours: the list row
  notFound: "To use mobile wallet adapter, you must have a compatible mobile wallet application installed on your device.",
  browserUnsupported: "This browser appears to be incompatible with mobile wallet adapter. Open this page in a compatible mobile browser app and try again.",
  unexpected: "An unexpected error occurred: {message}",
  errorTitle: "Mobile wallet", // ours: the title of the error modals
  close: "Close", // ours
  scanTitle: "Scan with your mobile wallet", // ours: remote association
  qrLabel: "QR code to open this session in your mobile wallet", // ours
  waitingForWallet: "Waiting for your wallet", // ours: reflector id received, the wallet has not joined
  cancel: "Cancel", // ours
  sessionBusy: "A mobile wallet session is already open.", // ours
  cancelled: "The mobile wallet session was cancelled.", // ours
  tooManyTransactions: "The wallet signs at most {max} transactions per request; this request has {count}.", // ours: protocol code -5 (too many payloads)
  tooManyMessages: "The wallet signs at most {max} messages per request; this request has {count}.", // ours: protocol code -5 (too many payloads)
  cloneUnsupported: "This wallet does not support cloning an authorization (solana:cloneAuthorization).", // ours
  notAuthorized: "The mobile wallet is not authorized; connect first.", // ours
};
/** The mobile wallet texts' type. */
export type MobileWalletStrings = typeof mobileWalletStrings;
/** The id of the mobile wallet string table (replace its texts with `ui.strings.mobile`). */
export const MOBILE_WALLET_STRINGS_TABLE = "mobile";
