export interface Stamp {
  stampHeaderName: string;
  stampHeaderValue: string;
}

/** Anything that can sign a request body for the key-management API (auth frame, passkey). */
export interface Stamper {
  /** `signal`: the caller gives up (a passkey prompt closes; the promise rejects with its reason). */
  stamp(body: string, options?: { signal?: AbortSignal }): Promise<Stamp>;
}
