import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import type { ReactNode } from "react";
import { Icon } from "../icons/Icon";
import { useToast } from "./Toast";
import "./CopyButton.css";

/** The old way, for browsers without the async clipboard (or outside a secure context). */
function copyWithTextarea(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.top = "0";
  area.style.left = "0";
  area.style.opacity = "0";
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  let copied: boolean;
  try {
    // Deprecated, but the only fallback that works on older WebViews.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    copied = typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  active?.focus();
  return copied;
}

async function writeClipboard(text: string): Promise<boolean> {
  // `navigator.clipboard` is missing outside secure contexts even where the types promise it.
  const clipboard = (navigator as Partial<Navigator>).clipboard;
  if (clipboard !== undefined && typeof clipboard.writeText === "function") {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions, no user gesture left): try the textarea.
    }
  }
  return copyWithTextarea(text);
}

/**
 * Copies text to the clipboard and says so with a toast ('copy success'); when the browser refuses
 * both ways, a toast asks the user to copy by hand. Resolves whether it copied.
 */
export function useCopy(): (text: string) => Promise<boolean> {
  const toast = useToast();
  const { t } = useLingui();
  return useCallback(
    async (text: string) => {
      const copied = await writeClipboard(text);
      if (copied) toast.show(t`复制成功`, { tone: "success" });
      else toast.show(t`复制失败，请长按文字手动复制`, { tone: "error" });
      return copied;
    },
    [toast, t],
  );
}

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  readonly text: string;
  /** Visible content before the copy icon (e.g. the member ID); the icon alone otherwise. */
  readonly children?: ReactNode;
  /** The button's accessible name (default 'copy' when there are no children). */
  readonly label?: string;
}

/** A button that copies `text` (member ID, links) and confirms with the 'copy success' toast. */
export function CopyButton({ text, children, label }: CopyButtonProps) {
  const { t } = useLingui();
  const copy = useCopy();
  return (
    <button
      type="button"
      className={`pf-bare-button pf-text-button pf-copy-button${children === undefined ? " pf-copy-button--icon" : ""}`}
      aria-label={label ?? (children === undefined ? t`复制` : undefined)}
      onClick={() => {
        void copy(text);
      }}
    >
      {children === undefined ? null : <span className="pf-copy-button__text">{children}</span>}
      <Icon name="copy" size={16} />
    </button>
  );
}
