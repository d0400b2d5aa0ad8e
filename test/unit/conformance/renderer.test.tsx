import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createKit, defineSection, definePlugin, type Kit } from "latch-kit";
import { LatchProvider, useTheme } from "latch-kit/react";

// Spec conformance rows about the dialog's look (test/CONFORMANCE.md).
const section = definePlugin({ id: "note", sections: [defineSection({ type: "note", Component: () => <p>note</p> })] });
const newKit = (theme?: "light" | "dark" | "system") =>
  createKit({ plugins: [section], ui: { auth: { sections: [[{ type: "note" }]] }, ...(theme ? { theme } : {}) } });

function prefersDark(dark: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: dark && query === "(prefers-color-scheme: dark)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("§2 themes", () => {
  const wrapper = (kit: Kit) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <LatchProvider kit={kit}>{children}</LatchProvider>;
    };

  it("§2 light, dark and system themes are stored under the key `theme`, and a stored choice wins", () => {
    prefersDark(true);
    const kit = newKit("light");
    const { result } = renderHook(() => useTheme(), { wrapper: wrapper(kit) });
    expect(result.current).toMatchObject({ mode: "light", resolved: "light" });
    act(() => result.current.setMode("dark"));
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(result.current).toMatchObject({ mode: "dark", resolved: "dark" });
    act(() => result.current.setMode("system"));
    expect(localStorage.getItem("theme")).toBe("system");
    expect(result.current).toMatchObject({ mode: "system", resolved: "dark" });
    localStorage.setItem("theme", "light");
    const again = renderHook(() => useTheme(), { wrapper: wrapper(newKit("dark")) });
    expect(again.result.current.mode).toBe("light");
  });

  it("§2 the stored theme is the dialog's theme", () => {
    prefersDark(false);
    localStorage.setItem("theme", "dark");
    const kit = newKit();
    render(<LatchProvider kit={kit} />);
    act(() => kit.openModal());
    expect(document.querySelector("[data-latch-sheet]")!.getAttribute("data-latch-theme")).toBe("dark");
  });
});

describe("§9 drawer", () => {
  it("§9 drawer animation 0.5 s: the sheet slides in, and springs back or closes, over 0.5 s", () => {
    prefersDark(false);
    const kit = newKit();
    render(<LatchProvider kit={kit} />);
    act(() => kit.openModal());
    const sheet = document.querySelector<HTMLElement>("[data-latch-sheet]")!;
    const styles = [...document.querySelectorAll("style")].map((s) => s.textContent).join("\n");
    expect(styles).toMatch(/animation:\s*latch-sheet-in 0\.5s/);
    const handle = document.querySelector<HTMLElement>("[data-latch-sheet-handle]")!;
    handle.setPointerCapture = () => undefined;
    fireEvent.pointerDown(handle, { clientY: 100, button: 0, pointerId: 1 });
    expect(sheet.style.transition).toBe("none");
    fireEvent.pointerUp(handle, { clientY: 100, pointerId: 1 });
    expect(sheet.style.transition).toBe("transform 0.5s cubic-bezier(0.32, 0.72, 0, 1)");
  });
});
