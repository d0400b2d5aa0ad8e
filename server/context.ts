import type { Database } from "./db/open";
import type { Secrets } from "./crypto/secrets";
import type { EmailMode, JwtIssuerOption, Limits } from "./options";
import type { WalletKeys } from "./crypto/wallet";

/** Everything a route needs: one per emulator instance, so instances never share state. */
export interface EmulatorContext {
  db: Database;
  secrets: Secrets;
  limits: Limits;
  emailMode: EmailMode;
  appUrl: string | undefined;
  /** Set when keys and ids are derived from a seed. */
  seeded: boolean;
  now(): number;
  /** Decrypted wallet keys by organisation; the mnemonic stays sealed at rest. */
  walletKeys: Map<string, Promise<WalletKeys>>;
  /** The URL the emulator answers on, known once it listens. */
  publicUrl: string;
  /** JWT issuers configured besides the dev identity provider's. */
  jwtIssuers: JwtIssuerOption[];
}
