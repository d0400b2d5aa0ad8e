/**
 * Every text the import frame shows, in one table: the page's markup and its script both read it.
 * The spec gives no texts for import; these are plain wording of our own (README, choices).
 */
export const IMPORT_FRAME_TEXT = {
  title: "Latch import frame",
  waiting: "Waiting for the import to start…",
  label: "Secret recovery phrase",
  hint: "Type your 12 to 24 words in order, separated by spaces. They stay in this frame and leave it encrypted.",
  submit: "Import",
  empty: "Enter your secret recovery phrase.",
  invalid: "This is not a valid recovery phrase. Check each word and their order.",
  sending: "Importing…",
} as const;
