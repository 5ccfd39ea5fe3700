import { createPortal } from "react-dom";
import type { ReactNode } from "react";

/** Portals a modal layer to <body> (above the page, outside its scroll), in the design tokens. */
export function Layer({ children }: { readonly children: ReactNode }) {
  if (typeof document === "undefined") return null;
  return createPortal(<div className="pf-layer">{children}</div>, document.body);
}
