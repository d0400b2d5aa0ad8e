import { useRef, type PointerEvent as ReactPointerEvent } from "react";
import { DRAWER } from "latch-kit";

/**
 * Drag-to-close for the bottom sheet: released past 25% of its height, or flicked
 * down faster than 0.4 px/ms, it closes; otherwise it springs back.
 */
export function useSheetDrag(onClose: () => void) {
  const start = useRef<{ y: number; at: number; sheet: HTMLElement } | null>(null);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    const sheet = e.currentTarget.closest<HTMLElement>("[data-latch-sheet]");
    if (!sheet || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { y: e.clientY, at: performance.now(), sheet };
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
    const velocity = dy / Math.max(1, performance.now() - drag.at);
    const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    drag.sheet.style.transition = reduced ? "none" : `transform ${DRAWER.animationSeconds}s cubic-bezier(0.32, 0.72, 0, 1)`;
    if (dy > drag.sheet.getBoundingClientRect().height * DRAWER.closeThreshold || velocity > DRAWER.velocityThreshold) {
      onClose();
    } else {
      drag.sheet.style.transform = "";
    }
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}
