import { useEffect, useRef } from "react";
import type { RefObject } from "react";

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modal layers, oldest first: keys go to the newest only (stacked drawers, a sheet on a popup). */
const openLayers: object[] = [];

/**
 * What every modal layer (dialog, popup, drawer, sheet) does while open: Escape closes it, focus
 * moves inside and is kept there (Tab wraps, and brings focus back from the page behind), the page
 * behind does not scroll, and focus returns to where it was on close. With layers stacked, only the
 * newest one answers the keyboard.
 */
export function useModal(open: boolean, onClose: () => void): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return undefined;
    const token = {};
    openLayers.push(token);
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = ref.current;
    const first =
      node?.querySelector<HTMLElement>("[data-autofocus]") ??
      node?.querySelector<HTMLElement>(focusableSelector);
    (first ?? node)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    const onKey = (event: KeyboardEvent) => {
      if (openLayers[openLayers.length - 1] !== token || !node) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = [...node.querySelectorAll<HTMLElement>(focusableSelector)];
      const head = items[0];
      const tail = items[items.length - 1];
      const active = document.activeElement;
      if (!(active instanceof Node) || !node.contains(active)) {
        // Focus wandered out (a click on the overlay): Tab brings it back in.
        event.preventDefault();
        (event.shiftKey ? (tail ?? node) : (head ?? node)).focus();
        return;
      }
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && active === head) {
        event.preventDefault();
        tail?.focus();
      } else if (!event.shiftKey && active === tail) {
        event.preventDefault();
        head?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      const at = openLayers.indexOf(token);
      if (at >= 0) openLayers.splice(at, 1);
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, [open]);

  return ref;
}
