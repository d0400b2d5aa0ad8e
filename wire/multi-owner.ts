// What each member of a multi-owner organisation signs (EIP-191) to prove they hold their key and
// agree to be one: at creation (`multi-owner-create`) and when added (`multi-owner-add`). The kit
// builds the message, the server rebuilds it from the request and recovers each member's address.

/**
 * The creation message: every member's address (lower case, sorted, once each) and the request's
 * `timestampMs`, so a signature consents to this very organisation and cannot be used later.
 */
export function multiOwnerCreationMessage(addresses: readonly string[], timestampMs: string): string {
  return `Latch: create a multi-owner organization\nmembers: ${memberList(addresses)}\ntimestampMs: ${timestampMs}`;
}

/** The message a member being added signs: the organisation, the members added (as above) and the stamped body's `timestampMs`. */
export function multiOwnerJoinMessage(organizationId: string, addresses: readonly string[], timestampMs: string): string {
  return `Latch: join multi-owner organization ${organizationId}\nmembers: ${memberList(addresses)}\ntimestampMs: ${timestampMs}`;
}

const memberList = (addresses: readonly string[]) => [...new Set(addresses.map((address) => address.toLowerCase()))].sort().join(",");
