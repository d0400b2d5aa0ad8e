const CANDIDATES = "a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]:not([contenteditable=false])";

/** The elements Tab reaches inside `root`, in document order (the kit uses no positive tabindex). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !(el instanceof HTMLInputElement && el.type === "hidden") &&
      !el.closest("[inert]") &&
      isRendered(el),
  );
}

function isRendered(el: HTMLElement): boolean {
  return typeof el.checkVisibility === "function" ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0;
}

/**
 * Keeps Tab and Shift+Tab inside a modal: past its last tabbable element focus wraps to the first and
 * back. (A modal <dialog> makes the page inert, but Tab would still leave for the browser's own UI.)
 */
export function wrapTabInside(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== "Tab" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  // React bubbles events out of portals: a modal opened above this one handles its own keys.
  if (!(event.target instanceof Node) || !root.contains(event.target)) return;
  const list = tabbables(root);
  const active = root.ownerDocument.activeElement;
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
