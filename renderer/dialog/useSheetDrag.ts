import { useRef, type PointerEvent as ReactPointerEvent } from "react";
import { DRAWER } from "latch-kit";

/**
 * Whether a drag released `dy` px down after `ms` closes a sheet `height` px high: past 25% of its
 * height, or faster than 0.4 px/ms.
 */
export function releaseCloses(dy: number, ms: number, height: number): boolean {
  return dy > height * DRAWER.closeThreshold || dy / Math.max(1, ms) > DRAWER.velocityThreshold;
}

/**
 * Drag-to-close for the bottom sheet: released past 25% of its height, or flicked
 * down faster than 0.4 px/ms, it closes; otherwise it springs back. The speed comes from the pointer
 * events' own timestamps (when the user moved), not from when a busy page got to handle them.
 */
export function useSheetDrag(onClose: () => void) {
  const start = useRef<{ y: number; at: number; sheet: HTMLElement } | null>(null);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    const sheet = e.currentTarget.closest<HTMLElement>("[data-latch-sheet]");
    if (!sheet || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { y: e.clientY, at: e.timeStamp, sheet };
    sheet.style.transition = "none";
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (!start.current) return;
    const dy = Math.max(0, e.clientY - start.current.y);
    start.current.sheet.style.transform = `translateY(${dy}px)`;
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLElement>) => {
    const drag = start.current;
    start.current = null;
    if (!drag) return;
    const dy = Math.max(0, e.clientY - drag.y);
    const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    drag.sheet.style.transition = reduced ? "none" : `transform ${DRAWER.animationSeconds}s cubic-bezier(0.32, 0.72, 0, 1)`;
    if (releaseCloses(dy, e.timeStamp - drag.at, drag.sheet.getBoundingClientRect().height)) {
      onClose();
    } else {
      drag.sheet.style.transform = "";
    }
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}
