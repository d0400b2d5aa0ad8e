// Errors of the chain layer. Each has a stable `name` so apps can tell them apart across bundles.
import { LatchError } from "../errors";

/** The client was created without a chain. */
export class ChainNotSuppliedError extends LatchError {
  override readonly name = "ChainNotSuppliedError" as const;
  constructor() {
    super("No chain was supplied to the client");
  }
}

/** A credential without an rpcUrl needs the provider's URL on the chain (`rpcUrls.provider`). */
export class ProviderRpcUrlError extends LatchError {
  override readonly name = "ProviderRpcUrlError" as const;
  constructor() {
    super("The chain must include a provider rpc url");
  }
}

/** A method cannot be handled by more than one transport. */
export class DuplicateTransportMethodError extends LatchError {
  override readonly name = "DuplicateTransportMethodError" as const;
  readonly method: string;
  constructor(method: string) {
    super(`The method "${method}" is handled by more than one transport`);
    this.method = method;
  }
}

/** A connection, fee-option or retry-setting value the kit refuses; `path` names the field. */
export class ChainConfigError extends LatchError {
  override readonly name = "ChainConfigError" as const;
  readonly path: string;
  readonly issues: { path: string; message: string }[];
  constructor(issues: { path: string; message: string }[]) {
    super(issues[0]?.message ?? "Invalid configuration");
    this.issues = issues;
    this.path = issues[0]?.path ?? "";
  }
}

/** No factory is known for an account type on a chain (a local chain without an override). */
export class UnknownAccountFactoryError extends LatchError {
  override readonly name = "UnknownAccountFactoryError" as const;
  constructor(accountType: string, chainId: number) {
    super(`No ${accountType} factory is known for chain ${chainId}: pass factoryAddress (or chain.contracts)`);
  }
}

/** The user operation had no receipt after every retry. */
export class UserOperationNotFoundError extends LatchError {
  override readonly name = "UserOperationNotFoundError" as const;
  readonly hash: string;
  constructor(hash: string, attempts: number) {
    super(`Failed to find transaction for user operation ${hash} after ${attempts} attempts`);
    this.hash = hash;
  }
}
