// The wallet's authorization (auth_token and accounts), kept in local storage so the next session
// reauthorizes instead of asking the user again. Storage that is blocked or holds junk means no cache.

export interface AuthorizedAccount {
  /** base64 public key, as the wallet sends it. */
  address: string;
  label?: string;
}

export interface CachedAuthorization {
  auth_token: string;
  accounts: AuthorizedAccount[];
}

function isCachedAuthorization(value: unknown): value is CachedAuthorization {
  const v = value as CachedAuthorization | null;
  return typeof v?.auth_token === "string" && Array.isArray(v.accounts) && v.accounts.every((a) => typeof a?.address === "string");
}

export class AuthorizationCache {
  constructor(private readonly key: string) {}

  read(): CachedAuthorization | null {
    try {
      const raw = localStorage.getItem(this.key);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return isCachedAuthorization(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  write(authorization: CachedAuthorization): void {
    const { auth_token, accounts } = authorization;
    try {
      localStorage.setItem(this.key, JSON.stringify({ auth_token, accounts: accounts.map(({ address, label }) => ({ address, ...(label ? { label } : {}) })) }));
    } catch {
      /* storage blocked: no cache */
    }
  }

  clear(): void {
    try {
      localStorage.removeItem(this.key);
    } catch {
      /* storage blocked: nothing cached */
    }
  }
}
