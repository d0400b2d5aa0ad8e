// The name of the wallet last connected, so that a reload reconnects it without a dialog. Kept in
// local storage under a key scoped to the kit's id; storage that is blocked just means no reconnect.
import type { Kit } from "latch-kit";

export interface RememberedWallet {
  read(): string | null;
  write(name: string): void;
  forget(): void;
}

function localStorageOrNone(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

/** The storage key of the remembered Solana wallet's name. */
export const rememberedWalletKey = (kit: Pick<Kit, "id">) => `latch.${kit.id}.solana.walletName`;

export function rememberedWallet(kit: Pick<Kit, "id">): RememberedWallet {
  const key = rememberedWalletKey(kit);
  const attempt = <T>(action: (storage: Storage) => T): T | undefined => {
    try {
      const storage = localStorageOrNone();
      return storage ? action(storage) : undefined;
    } catch {
      return undefined; // quota or access errors: the wallet is simply not remembered
    }
  };
  return {
    read: () => attempt((s) => s.getItem(key)) ?? null,
    write: (name) => void attempt((s) => s.setItem(key, name)),
    forget: () => void attempt((s) => s.removeItem(key)),
  };
}
