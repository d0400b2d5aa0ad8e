// What each member of a new multi-owner organisation signs (EIP-191) to prove they hold their key:
// the kit builds it for `multi-owner-create`, the server rebuilds it from the request and recovers
// each member's address from their signature.

/**
 * The creation message: every member's address (lower case, sorted, once each) and the request's
 * `timestampMs`, so a signature consents to this very organisation and cannot be used later.
 */
export function multiOwnerCreationMessage(addresses: readonly string[], timestampMs: string): string {
  const members = [...new Set(addresses.map((address) => address.toLowerCase()))].sort();
  return `Latch: create a multi-owner organization\nmembers: ${members.join(",")}\ntimestampMs: ${timestampMs}`;
}
