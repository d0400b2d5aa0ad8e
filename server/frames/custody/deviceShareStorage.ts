/**
 * Where a device share lives: the frames' own origin's localStorage (the auth frame writes it, the
 * export frame reads it: same origin, same partition under the same app), keyed by organisation.
 */
export const DEVICE_SHARE_PREFIX = "latch-custody:device:";

/** The frame origin's storage, or null when the browser blocks it (third-party storage). */
export function frameStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem(DEVICE_SHARE_PREFIX);
    return storage;
  } catch {
    return null;
  }
}
