export interface Stamp {
  stampHeaderName: string;
  stampHeaderValue: string;
}

/** Anything that can sign a request body for the key-management API (auth frame, passkey). */
export interface Stamper {
  stamp(body: string): Promise<Stamp>;
}
