import { describe, expect, it } from "vitest";
import { UserRejectedRequestError } from "viem";
import { ChainNotConfiguredError as WagmiChainNotConfigured, ConnectorAlreadyConnectedError as WagmiAlreadyConnected, ProviderNotFoundError } from "@wagmi/core";
import {
  ChainNotConfiguredError,
  ConnectorAlreadyConnectedError,
  RemotePairingParamsError,
  UnsupportedNetworkError,
  UserRejectedError,
  WalletNotFoundError,
  toWalletError,
  walletErrorText,
  walletStrings as t,
} from "../../../lib/wallets/index";

describe("wallet errors (spec §8)", () => {
  it("has the catalogue's texts", () => {
    expect(new ChainNotConfiguredError().message).toBe("Chain not configured");
    expect(new ConnectorAlreadyConnectedError().message).toBe("Connector already connected");
    expect(new UnsupportedNetworkError().message).toBe("The connected wallet does not support this network");
    expect(new RemotePairingParamsError().message).toBe("remote-pairing params not found");
    expect(new WalletNotFoundError().message).toBe("Provider not found");
  });

  it("turns a user rejection (4001, WalletConnect 5000, viem's class) into a rejected-by-user error", () => {
    expect(toWalletError({ code: 4001, message: "User rejected the request." })).toBeInstanceOf(UserRejectedError);
    expect(toWalletError({ code: 5000, message: "User rejected." })).toBeInstanceOf(UserRejectedError);
    expect(toWalletError(new UserRejectedRequestError(new Error("no")))).toBeInstanceOf(UserRejectedError);
    const wrapped = new Error("outer", { cause: { code: 4001 } });
    expect(toWalletError(wrapped).name).toBe("UserRejectedError");
  });

  it("maps the wallet library's errors to the catalogue's", () => {
    expect(toWalletError(new WagmiChainNotConfigured()).message).toBe("Chain not configured");
    expect(toWalletError(new WagmiAlreadyConnected()).message).toBe("Connector already connected");
    expect(toWalletError(new ProviderNotFoundError())).toBeInstanceOf(WalletNotFoundError);
    expect(toWalletError("plain").message).toBe("plain");
    expect(toWalletError(undefined).message).toBe("Unknown error");
  });
});

describe("wallet connect view texts", () => {
  it("maps 'ChainId not found' and 'params not found' to their messages under the default heading plus the wallet name", () => {
    expect(walletErrorText(new Error("ChainId not found"), "WalletConnect", t)).toEqual({ kind: "other", heading: "Couldn't connect to WalletConnect", body: t.chainIdNotFound });
    expect(walletErrorText(new RemotePairingParamsError(), "WalletConnect", t)).toEqual({ kind: "other", heading: "Couldn't connect to WalletConnect", body: t.paramsNotFound });
    expect(walletErrorText(new Error("anything else"), "Rabby", t)).toEqual({ kind: "other", heading: "Couldn't connect to Rabby", body: t.defaultBody });
  });

  it("words chain, connector, rejection, network and missing-wallet errors", () => {
    expect(walletErrorText(new ChainNotConfiguredError(), "Rabby", t).body).toBe(t.chainNotConfigured);
    expect(walletErrorText(new ConnectorAlreadyConnectedError(), "Rabby", t).body).toBe(t.alreadyConnected);
    expect(walletErrorText(new UserRejectedError(), "Rabby", t)).toMatchObject({ kind: "rejected", heading: "Request rejected" });
    expect(walletErrorText(new UnsupportedNetworkError(), "Rabby", t)).toMatchObject({ kind: "unsupported-network", heading: "The connected wallet does not support this network" });
    expect(walletErrorText(new WalletNotFoundError(), "Rabby", t).kind).toBe("not-found");
  });
});
