/**
 * The texts wallet import shows or throws, in one table. The spec gives none for import: these
 * are plain wording of our own (README, choices). The import frame's own labels live beside the
 * frame (server/frames/importStrings.ts).
 */
export const WALLET_IMPORT_TEXTS = {
  /** The app rendered no element with the container id. */
  noContainer: (id: string) => `No element with id "${id}" to hold the import frame`,
  /** The frame did not load in time. */
  frameTimeout: (ms: number) => `The import frame did not answer within ${ms} ms`,
  injectFailed: "Failed to inject wallet import bundle",
  noResult: "The server did not say which wallet it imported",
  walletName: "Imported wallet",
} as const;
