// Heading and body of the wallet error views (wallet connection, chain switch, wallet
// connect view errors), chosen by error name and message so it works across bundles.
import { format } from "latch-kit/react";
import type { WalletStrings } from "./strings";

export type WalletErrorKind = "rejected" | "unsupported-network" | "not-found" | "other";

export interface WalletErrorText {
  kind: WalletErrorKind;
  heading: string;
  body: string;
}

export function walletErrorText(error: Error, walletName: string, t: WalletStrings): WalletErrorText {
  const defaultHeading = `${t.defaultHeading} ${walletName}`;
  const message = error.message ?? "";
  switch (error.name) {
    case "UnsupportedNetworkError":
      return { kind: "unsupported-network", heading: t.unsupportedNetwork, body: t.unsupportedNetworkBody };
    case "UserRejectedError":
      return { kind: "rejected", heading: t.rejectedHeading, body: format(t.rejectedBody, { wallet: walletName }) };
    case "WalletNotFoundError":
      return { kind: "not-found", heading: defaultHeading, body: t.noWalletBody };
    case "ChainNotConfiguredError":
      return { kind: "other", heading: defaultHeading, body: t.chainNotConfigured };
    case "ConnectorAlreadyConnectedError":
      return { kind: "other", heading: defaultHeading, body: t.alreadyConnected };
    case "MobileWalletModalError":
      return { kind: "other", heading: defaultHeading, body: message };
    case "WalletNotReadyError":
      return { kind: "other", heading: defaultHeading, body: format(t.notReady, { wallet: walletName }) };
  }
  if (/chainid not found/i.test(message)) return { kind: "other", heading: defaultHeading, body: t.chainIdNotFound };
  if (/params not found/i.test(message)) return { kind: "other", heading: defaultHeading, body: t.paramsNotFound };
  return { kind: "other", heading: defaultHeading, body: t.defaultBody };
}
