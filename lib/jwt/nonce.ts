/** nonce = hex(sha256(utf8(frame public key))), with WebCrypto: binds a social id token or a custom JWT to the frame key. */
export async function frameKeyNonce(framePublicKey: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(framePublicKey));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
