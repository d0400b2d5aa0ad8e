/** A request signature: the header name and its value. */
export interface Stamp {
  stampHeaderName: string;
  stampHeaderValue: string;
}

/** Anything that can sign a request body for the key-management API (auth frame, passkey). */
export interface Stamper {
  /** Signs a request body; the stamp goes in the request's header. `signal`: the caller gives up (a passkey prompt closes; the promise rejects with its reason). */
  stamp(body: string, options?: { signal?: AbortSignal }): Promise<Stamp>;
}
