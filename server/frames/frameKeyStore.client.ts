/**
 * Where the auth frame keeps its embedded key. Its own localStorage when the browser gives it one
 * (same site as the app, or partitioned third-party storage). When the browser blocks third-party
 * storage (Chrome with "Block third-party cookies"), the key lives in memory, and a copy sealed in
 * the browser (browserSealed.client.ts: under a random key that travels with it; no server can open
 * it) goes to the app, which keeps it with its session and hands it back in the frame URL's fragment
 * after a reload.
 */
import { openInBrowser, sealInBrowser } from "./browserSealed.client";

export interface StoredKey {
  jwk: JsonWebKey;
  expiry: number;
}

export interface FrameKeyStore {
  /** False when the key does not survive a reload without the app's help. */
  readonly persistent: boolean;
  get(): StoredKey | null;
  set(key: StoredKey): Promise<void>;
  remove(): void;
}

const STORAGE_KEY = "latch-emulator:embedded-key";
/** The fragment parameter carrying the sealed key back after a reload. */
export const SEALED_KEY_PARAM = "latch-sealed-key";
/** The message that hands the sealed key to the app. */
export const SEALED_KEY_MESSAGE = "LATCH_SEALED_FRAME_KEY";

function localStorageIfUsable(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem(STORAGE_KEY);
    return storage;
  } catch {
    return null; // SecurityError: third-party storage blocked
  }
}

function parse(raw: string | null): StoredKey | null {
  try {
    const item = JSON.parse(raw ?? "null") as Partial<StoredKey> | null;
    if (item?.jwk && typeof item.expiry === "number" && item.expiry > Date.now()) return { jwk: item.jwk, expiry: item.expiry };
  } catch {
    // unreadable: treated as absent
  }
  return null;
}

function persistentStore(storage: Storage): FrameKeyStore {
  return {
    persistent: true,
    get() {
      const key = parse(storage.getItem(STORAGE_KEY));
      if (!key) storage.removeItem(STORAGE_KEY);
      return key;
    },
    async set(key) {
      storage.setItem(STORAGE_KEY, JSON.stringify(key));
    },
    remove: () => storage.removeItem(STORAGE_KEY),
  };
}

const SEAL_PURPOSE = "auth-frame-embedded-key";

/** `initial`: a key the app handed back, already sealed (the app holds that very copy). */
function memoryStore(sendSealed: (sealed: string | null) => void, initial: StoredKey | null): FrameKeyStore {
  let current = initial;
  return {
    persistent: false,
    get: () => (current && current.expiry > Date.now() ? current : null),
    async set(key) {
      current = key;
      try {
        sendSealed(await sealInBrowser(SEAL_PURPOSE, new TextEncoder().encode(JSON.stringify(key))));
      } catch (error) {
        // The key still works until this page goes; only a reload will need a new sign-in.
        console.warn("[latch frame] the embedded key could not be sealed; a reload will sign the user out", error);
      }
    },
    remove() {
      current = null;
      sendSealed(null);
    },
  };
}

/** The sealed key the app handed back in the fragment, opened here; null if absent, expired or refused. */
async function openHandedBack(): Promise<StoredKey | null> {
  const sealed = new URLSearchParams(location.hash.slice(1)).get(SEALED_KEY_PARAM);
  if (!sealed) return null;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    return parse(new TextDecoder().decode(await openInBrowser(SEAL_PURPOSE, sealed)));
  } catch (error) {
    console.warn("[latch frame] the sealed key handed back was refused; a new key replaces it", error);
    return null;
  }
}

export async function openFrameKeyStore(sendSealed: (sealed: string | null) => void): Promise<FrameKeyStore> {
  const storage = localStorageIfUsable();
  return storage ? persistentStore(storage) : memoryStore(sendSealed, await openHandedBack());
}
