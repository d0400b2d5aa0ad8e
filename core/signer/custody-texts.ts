/**
 * Every text split custody shows a user, in one table (the playground's Custody section reads it; a
 * kit screen will). The spec gives no texts for custody; these are plain wording of our own, in the
 * spec's style: short, sentence case, saying what happens and what to do.
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
} as const;
