/**
 * Stops the page behind a modal from scrolling (`overflow: hidden` on the root element, iOS Safari 16
 * and later included) and pads the root by the scrollbar's width so nothing shifts sideways. Returns
 * the undo. A page already locked — by a modal below this one, or by the app — is left alone, and so
 * is its undo: whoever locked it first unlocks it.
 */
export function lockPageScroll(doc: Document): () => void {
  const root = doc.documentElement;
  if (root.style.overflow === "hidden") return () => {};
  const before = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
  const scrollbar = (doc.defaultView?.innerWidth ?? 0) - root.clientWidth;
  if (scrollbar > 0) {
    const padding = parseFloat(doc.defaultView?.getComputedStyle(root).paddingRight ?? "0") || 0;
    root.style.paddingRight = `${padding + scrollbar}px`;
  }
  root.style.overflow = "hidden";
  return () => {
    root.style.overflow = before.overflow;
    root.style.paddingRight = before.paddingRight;
  };
}
