/**
 * Every text split custody shows a user, in one table (the split-custody plugin's screens and the
 * playground's Custody section read it; an app replaces texts with `ui.strings.custody`). The spec
 * gives no texts for custody; these are plain wording of our own, in the spec's style: short,
 * sentence case, saying what happens and what to do.
 */
export const CUSTODY_TEXT = {
  title: "Custody",
  modeServer: "Server: the server keeps your wallet's key",
  modeSplit: "Split: your key is in three shares, this device, the server and a recovery box; no one of them can sign",
  modePending: "Being split on this device",
  saveCodeTitle: "Save your recovery code",
  saveCodeBody: "Write it down and keep it safe. On a new device, or if this browser's data is cleared, it is the only way back to your wallet.",
  lossWarning: "If you lose this code and every device you signed in on, your wallet cannot be recovered, by anyone.",
  moveTitle: "Move your wallet to split custody",
  moveBody: "The server will keep only one share of your key and delete its copy. You will get a recovery code to save.",
  moveAction: "Move to split custody",
  noDeviceShare: "This device does not hold its share of your wallet yet. Enter your recovery code to use it here.",
  codeLabel: "Recovery code",
  recoverAction: "Recover",
  wrongCode: "This recovery code does not open your wallet. Check it and try again.",
  setupTitle: "Keep your wallet recoverable",
  setupBody: "Your wallet's key is split between this device, the server and a recovery box only you can open. Choose how you will open it on a new device, or if this browser's data is cleared.",
  usePasskey: "Use my passkey",
  useCode: "Save a recovery code",
  lossAll: "If you lose your recovery passkey or code and every device you signed in on, your wallet and everything in it are lost for good. No one can recover it: not us, not the app.",
  codeSaved: "I have saved it",
  setupFailedTitle: "Recovery is not set up yet",
  recoverTitle: "Recover your wallet on this device",
  recoverPasskeyBody: "This device does not hold its share of your wallet. Use the passkey you chose for recovery.",
  recoverCodeBody: "This device does not hold its share of your wallet. Enter the recovery code you saved.",
  recoverFailedTitle: "Your wallet was not recovered",
  passkeyFailed: "Your passkey did not unlock your wallet. Use the passkey you chose for recovery, or your recovery code.",
  // The passkey sign-in's words for a ceremony no passkey answered (the browser says the same, NotAllowedError, whether none of this site is on the device or the user cancelled).
  setupNoPasskey: "No passkey for this site was found on this device, or the request was cancelled. Save a recovery code instead, or try again.",
  recoverNoPasskey: "No passkey for this site was found on this device, or the request was cancelled. Use the device that holds the passkey you chose for recovery, or try again.",
} as const;
