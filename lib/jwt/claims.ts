/**
 * The claims of a JWT, read without verifying it (the signer backend verifies; the kit only shows
 * them on the user). No JOSE library in the browser: base64url and JSON are enough.
 */
export function decodeJwtClaims(jwt: string): Record<string, unknown> | undefined {
  const part = jwt.split(".")[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
