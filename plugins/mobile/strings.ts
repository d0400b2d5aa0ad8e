// Texts of the mobile wallet plugin (spec §8 modals); others marked ours.
export const mobileWalletStrings = {
  walletName: "Mobile Wallet Adapter", // ours: the list row
  notFound: "To use mobile wallet adapter, you must have a compatible mobile wallet application installed on your device.",
  browserUnsupported: "This browser appears to be incompatible with mobile wallet adapter. Open this page in a compatible mobile browser app and try again.",
  unexpected: "An unexpected error occurred: {message}",
};
export type MobileWalletStrings = typeof mobileWalletStrings;
