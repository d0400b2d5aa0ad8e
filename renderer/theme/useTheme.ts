import { useCallback, useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY, type ThemeMode } from "latch-kit";
import { useKit } from "../context";

const darkQuery = "(prefers-color-scheme: dark)";

function readStoredMode(): ThemeMode | null {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" || stored === "system" ? stored : null;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

// Other hooks (and other kits) on the page learn of a change through this window event.
const themeChangeEvent = "latch:theme";

function subscribe(listener: () => void) {
  const media = typeof matchMedia === "function" ? matchMedia(darkQuery) : null;
  media?.addEventListener("change", listener);
  const onStorage = (e: StorageEvent) => e.key === THEME_STORAGE_KEY && listener();
  globalThis.addEventListener?.("storage", onStorage);
  globalThis.addEventListener?.(themeChangeEvent, listener);
  return () => {
    globalThis.removeEventListener?.(themeChangeEvent, listener);
    media?.removeEventListener("change", listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}

/** The theme: what the user chose, what is shown, and how to change it. */
export interface ThemeState {
  /** What the user chose: light, dark or system. */
  mode: ThemeMode;
  /** What is shown. */
  resolved: "light" | "dark";
  /** Chooses light, dark or system. */
  setMode: (mode: ThemeMode) => void;
}

/**
 * Light, dark or system, stored under `theme`. The server snapshot is the configured mode with
 * system read as light, so hydration never mismatches; the stored choice applies right after.
 */
export function useTheme(): ThemeState {
  const kit = useKit();
  const fallback = kit.config.ui.theme ?? "system";
  const mode = useSyncExternalStore(subscribe, () => readStoredMode() ?? fallback, () => fallback);
  const prefersDark = useSyncExternalStore(
    subscribe,
    () => typeof matchMedia === "function" && matchMedia(darkQuery).matches,
    () => false,
  );
  const setMode = useCallback((next: ThemeMode) => {
    try {
      globalThis.localStorage?.setItem(THEME_STORAGE_KEY, next);
    } catch {
      /* storage blocked: the choice lasts for this page only */
    }
    globalThis.dispatchEvent?.(new Event(themeChangeEvent));
  }, []);
  const resolved = mode === "system" ? (prefersDark ? "dark" : "light") : mode;
  return { mode, resolved, setMode };
}
