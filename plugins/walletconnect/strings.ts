// Texts of the remote-pairing (WalletConnect) step and modal: spec wording where it has it; ours marked.
/** The WalletConnect texts (English), by key. */
export const walletConnectStrings = {
  name: "WalletConnect",
  followPopup: "Please follow the instructions in the popup to connect.",
  scanTitle: "Open your wallet and scan this code",
  waitingForScan: "Waiting for scan",
  copyLink: "Copy link", // ours
  copied: "Link copied", // ours
  qrLabel: "QR code to connect your wallet", // ours: the QR image's accessible name
  cancel: "Cancel",
};

export type WalletConnectStrings = typeof walletConnectStrings;
/** The id of the WalletConnect string table (replace its texts with `ui.strings.walletconnect`). */
export const WALLETCONNECT_STRINGS_TABLE = "walletconnect";
