import { untilAborted, type AbortOptions } from "../abort";
import { token } from "../container";
import { UnsupportedFeatureError } from "../errors";
import type { Kit } from "../kit-types";

/** Ways to create an account (`createAccount`); plugins add theirs by module augmentation. */
export interface AccountCreationRegistry {}

/** The `type` of a {@link CreateAccountParameters}. */
export type AccountCreationType = keyof AccountCreationRegistry & string;

/** What `createAccount()` takes: one variant per installed way of signing up. */
export type CreateAccountParameters = {
  [K in AccountCreationType]: { type: K } & AccountCreationRegistry[K];
}[AccountCreationType];

/** Creates an account one way (registered by a plugin with `kit.container.add(ACCOUNT_CREATOR, …)`). */
export interface AccountCreator {
  type: string;
  /** Creates the account from that way's parameters. */
  create: (params: never, kit: Kit) => Promise<unknown>;
}

/** Container token of the ways to create an account (plugins add theirs). */
export const ACCOUNT_CREATOR = token<AccountCreator>("latch.AccountCreator");

/**
 * Creates a new account (sign-up, never a sign-in of an existing user) by a way an installed plugin
 * offers: email, sms, passkey. Any other way (e.g. an access key) is refused: '… not supported by
 * this signer'.
 */
export async function createAccount(kit: Kit, params: CreateAccountParameters | { type: string }, { signal }: AbortOptions = {}): Promise<unknown> {
  const creator = kit.container.all(ACCOUNT_CREATOR).findLast((c) => c.type === params.type);
  if (!creator) throw new UnsupportedFeatureError(`Sign-up by ${params.type}`);
  signal?.throwIfAborted();
  return untilAborted(creator.create(params as never, kit), signal);
}
