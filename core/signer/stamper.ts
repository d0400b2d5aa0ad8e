/** A request signature: the header name and its value. */
export interface Stamp {
  stampHeaderName: string;
  stampHeaderValue: string;
}

/** Anything that can sign a request body for the key-management API (auth frame, passkey). */
export interface Stamper {
  /** Signs a request body; the stamp goes in the request's header. `signal`: the caller gives up (a passkey prompt closes; the promise rejects with its reason). */
  stamp(body: string, options?: { signal?: AbortSignal }): Promise<Stamp>;
  /**
   * True when the stamps come from a session's API key, which logout revokes on the server
   * (revoke-session). The auth frame's are; a passkey's are not (revoking would prompt for it).
   */
  readonly sessionKey?: boolean;
}
