import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";
import { Layer } from "./Layer";
import "./Toast.css";

export type ToastTone = "info" | "success" | "error";

export interface ToastOptions {
  readonly tone?: ToastTone;
  /** How long it stays, in ms (default 2000; errors 3000). */
  readonly durationMs?: number;
}

export interface ToastItem {
  readonly id: number;
  readonly text: string;
  readonly tone: ToastTone;
}

export interface ToastApi {
  /** Show a short message; returns a function that hides it early. */
  show(text: string, options?: ToastOptions): () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts for a tree: `useToast().show(text)` anywhere below shows one (at most three, newest last;
 * the same words twice show once).
 */
export function ToastProvider({ children }: { readonly children: ReactNode }) {
  const [items, setItems] = useState<readonly ToastItem[]>([]);
  /** What is on screen now, known at once (the state lags a render behind a burst of calls). */
  const visible = useRef<readonly ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const hide = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    visible.current = visible.current.filter((item) => item.id !== id);
    setItems(visible.current);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show(text, options = {}) {
        const tone = options.tone ?? "info";
        // The same words already on screen (two calls failing for one reason, a button pressed
        // twice): that toast stays longer instead of a second copy under it.
        const shown = visible.current.find((item) => item.text === text && item.tone === tone);
        const id = shown?.id ?? nextId.current++;
        if (shown === undefined) {
          const item = { id, text, tone };
          visible.current = [...visible.current.slice(-2), item];
          setItems(visible.current);
        }
        const earlier = timers.current.get(id);
        if (earlier !== undefined) clearTimeout(earlier);
        timers.current.set(
          id,
          setTimeout(
            () => {
              hide(id);
            },
            options.durationMs ?? (tone === "error" ? 3000 : 2000),
          ),
        );
        return () => {
          hide(id);
        };
      },
    }),
    [hide],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((timer) => {
        clearTimeout(timer);
      });
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster items={items} />
    </ToastContext.Provider>
  );
}

/** The toast API of the nearest `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error("useToast needs a <ToastProvider> above it");
  return api;
}

/** The toasts themselves, announced politely to screen readers (errors assertively). */
export function Toaster({ items }: { readonly items: readonly ToastItem[] }) {
  return (
    <Layer>
      <div className="pf-toaster" role="status" aria-live="polite">
        {items.map((item) => (
          <div
            key={item.id}
            className={`pf-toast pf-toast--${item.tone}`}
            role={item.tone === "error" ? "alert" : undefined}
          >
            {item.text}
          </div>
        ))}
      </div>
    </Layer>
  );
}
