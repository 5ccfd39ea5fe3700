import type { LiveChatEvent, LiveMessage } from "@platform/api-client";
import { useEffect, useState } from "react";

export type LiveStatus = "IDLE" | "LIVE" | "ENDED";

export interface LiveChatState {
  readonly messages: readonly LiveMessage[];
  /** The room's state as the stream last said (null until it said). */
  readonly status: LiveStatus | null;
  readonly online: number | null;
  readonly connected: boolean;
}

/** The most messages kept on screen. */
const KEPT = 200;

/**
 * A room's chat stream (server-sent events): its history, new and removed messages, the room going
 * live or ending, and how many watch. EventSource reconnects by itself (the server asks 2 s); each
 * reconnection starts again from the history, so nothing is shown twice.
 */
export function useLiveChat(url: string | null, token: string | null): LiveChatState {
  const [state, setState] = useState<LiveChatState>({
    messages: [],
    status: null,
    online: null,
    connected: false,
  });
  useEffect(() => {
    if (url === null || typeof EventSource === "undefined") return undefined;
    const source = new EventSource(token ? `${url}?token=${encodeURIComponent(token)}` : url);
    type Data<E extends LiveChatEvent["event"]> = Extract<LiveChatEvent, { event: E }>["data"];
    const on = (name: LiveChatEvent["event"], apply: (data: unknown, s: LiveChatState) => LiveChatState) => {
      source.addEventListener(name, (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        setState((s) => apply(data, s));
      });
    };
    on("history", (data, s) => ({ ...s, messages: (data as Data<"history">).messages, connected: true }));
    on("message", (data, s) => {
      const message = data as Data<"message">;
      return {
        ...s,
        messages: s.messages.some((m) => m.id === message.id)
          ? s.messages
          : [...s.messages, message].slice(-KEPT),
      };
    });
    on("removed", (data, s) => ({
      ...s,
      messages: s.messages.filter((m) => m.id !== (data as Data<"removed">).id),
    }));
    on("room", (data, s) => ({ ...s, status: (data as Data<"room">).status }));
    on("online", (data, s) => ({ ...s, online: (data as Data<"online">).online }));
    source.addEventListener("error", () => {
      setState((s) => ({ ...s, connected: false }));
    });
    return () => {
      source.close();
    };
  }, [url, token]);
  return state;
}
