// Wallet errors with stable names (apps tell them apart without instanceof).
import { LatchError, toError } from "latch-kit";

/** The user refused in the wallet (EIP-1193 code 4001, or the remote wallet's rejection). */
export class UserRejectedError extends LatchError {
  override readonly name = "UserRejectedError" as const;
  readonly code = 4001;
  constructor(options?: { cause?: unknown }) {
    super("User rejected the request.", options);
  }
}

/** 'Chain not configured': the chain is not among the app's chains. */
export class ChainNotConfiguredError extends LatchError {
  override readonly name = "ChainNotConfiguredError" as const;
  constructor(options?: { cause?: unknown }) {
    super("Chain not configured", options);
  }
}

/** 'Connector already connected'. */
export class ConnectorAlreadyConnectedError extends LatchError {
  override readonly name = "ConnectorAlreadyConnectedError" as const;
  constructor(options?: { cause?: unknown }) {
    super("Connector already connected", options);
  }
}

/** The wallet is on a chain the app does not configure and would not switch. */
export class UnsupportedNetworkError extends LatchError {
  override readonly name = "UnsupportedNetworkError" as const;
  constructor(options?: { cause?: unknown }) {
    super("The connected wallet does not support this network", options);
  }
}

/** The chosen wallet's provider is gone (uninstalled, disabled): the 'We can't find a wallet' modal. */
export class WalletNotFoundError extends LatchError {
  override readonly name = "WalletNotFoundError" as const;
  constructor(options?: { cause?: unknown }) {
    super("Provider not found", options);
  }
}

/** The wallet cannot be asked to switch chains (its connector has no switchChain). */
export class SwitchChainNotSupportedError extends LatchError {
  override readonly name = "SwitchChainNotSupportedError" as const;
  constructor(walletName = "The wallet", options?: { cause?: unknown }) {
    super(`${walletName} does not support programmatic chain switching`, options);
  }
}

/** The remote-pairing option was chosen without its params (project id). */
export class RemotePairingParamsError extends LatchError {
  override readonly name = "RemotePairingParamsError" as const;
  constructor() {
    super("remote-pairing params not found");
  }
}

/** The action needs a connected external wallet. */
export class WalletNotConnectedError extends LatchError {
  override readonly name = "WalletNotConnectedError" as const;
  constructor(message = "Wallet not connected") {
    super(message);
  }
}

const codeOf = (e: unknown): number | undefined => {
  const seen = new Set<unknown>();
  // Wrapped errors (viem, wagmi) carry the wallet's code on a cause.
  for (let x = e; x && typeof x === "object" && !seen.has(x); x = (x as { cause?: unknown }).cause) {
    seen.add(x);
    const code = (x as { code?: unknown }).code;
    if (typeof code === "number") return code;
  }
  return undefined;
};

const namesOf = (e: unknown): string[] => {
  const names: string[] = [];
  const seen = new Set<unknown>();
  for (let x = e; x && typeof x === "object" && !seen.has(x); x = (x as { cause?: unknown }).cause) {
    seen.add(x);
    if (typeof (x as Error).name === "string") names.push((x as Error).name);
  }
  return names;
};

/** Whatever a wallet or its library threw, as one of the catalogue's errors where one fits. */
export function toWalletError(thrown: unknown): Error {
  if (thrown instanceof LatchError) return thrown;
  const names = namesOf(thrown);
  const code = codeOf(thrown);
  if (names.includes("ChainNotConfiguredError")) return new ChainNotConfiguredError({ cause: thrown });
  if (names.includes("ConnectorAlreadyConnectedError")) return new ConnectorAlreadyConnectedError({ cause: thrown });
  if (names.includes("ProviderNotFoundError")) return new WalletNotFoundError({ cause: thrown });
  if (names.includes("SwitchChainNotSupportedError")) {
    // wagmi's text: '"<connector name>" does not support programmatic chain switching.'
    const walletName = /"([^"]+)" does not support/.exec((thrown as Error).message)?.[1];
    return new SwitchChainNotSupportedError(walletName, { cause: thrown });
  }
  // 4001 (EIP-1193), 5000 (WalletConnect 'User rejected.'), and libraries' own rejection classes.
  if (code === 4001 || code === 5000 || names.includes("UserRejectedRequestError")) return new UserRejectedError({ cause: thrown });
  return toError(thrown);
}

export function isUserRejection(error: unknown): boolean {
  return toWalletError(error) instanceof UserRejectedError;
}
