// The wallet's authorization (auth_token and accounts), kept in local storage so the next session
// reauthorizes instead of asking the user again. Storage that is blocked or holds junk means no cache.

/** An account the wallet authorized. */
export interface AuthorizedAccount {
  /** base64 public key, as the wallet sends it. */
  address: string;
  label?: string;
}

/** An authorization the wallet granted: its token, accounts and association base. */
export interface CachedAuthorization {
  auth_token: string;
  accounts: AuthorizedAccount[];
  /** The wallet's own https association base (`wallet_uri_base`): later local associations go there. */
  wallet_uri_base?: string;
}

/** Whether the value is an https URL. */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

function isCachedAuthorization(value: unknown): value is CachedAuthorization {
  const v = value as CachedAuthorization | null;
  return (
    typeof v?.auth_token === "string" &&
    Array.isArray(v.accounts) &&
    v.accounts.every((a) => typeof a?.address === "string") &&
    // The transport would refuse a non-https base at the next hand-off; stored that way it is junk.
    (v.wallet_uri_base === undefined || (typeof v.wallet_uri_base === "string" && isHttpsUrl(v.wallet_uri_base)))
  );
}

/** The mobile wallet's last authorization, kept in local storage so the next session reauthorizes silently. */
export class AuthorizationCache {
  constructor(private readonly key: string) {}

  /** The stored authorization, or null (none, blocked storage, or junk). */
  read(): CachedAuthorization | null {
    try {
      const raw = localStorage.getItem(this.key);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return isCachedAuthorization(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** Stores the authorization. */
  write(authorization: CachedAuthorization): void {
    const { auth_token, accounts, wallet_uri_base } = authorization;
    const stored: CachedAuthorization = { auth_token, accounts: accounts.map(({ address, label }) => ({ address, ...(label ? { label } : {}) })), ...(wallet_uri_base ? { wallet_uri_base } : {}) };
    try {
      localStorage.setItem(this.key, JSON.stringify(stored));
    } catch {
      /* storage blocked: no cache */
    }
  }

  /** Forgets the authorization. */
  clear(): void {
    try {
      localStorage.removeItem(this.key);
    } catch {
      /* storage blocked: nothing cached */
    }
  }
}
