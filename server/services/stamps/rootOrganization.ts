import { DEFAULT_ROOT_ORG_ID } from "../../../wire/constants";

/**
 * The root organisation Account Kit's signer SDK names by default when a passkey signs in (its vendor's),
 * so returning passkey users of a migrated app sign in with no extra option.
 */
export const ACCOUNT_KIT_ROOT_ORG_ID = "24c1acf5-810f-41e0-a503-d5d13fa8e830";

/** A body naming a root organisation leaves it to the credential to say whose it is (passkey sign-in only). */
export function isRootOrganization(organizationId: string): boolean {
  return organizationId === DEFAULT_ROOT_ORG_ID || organizationId === ACCOUNT_KIT_ROOT_ORG_ID;
}
