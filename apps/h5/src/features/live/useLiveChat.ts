import type { LiveChatAccess, LiveChatClosed, LiveChatEvent, LiveMessage } from "@platform/api-client";
import { useEffect, useRef, useState } from "react";

export type LiveStatus = "IDLE" | "LIVE" | "ENDED";

export interface LiveChatState {
  readonly messages: readonly LiveMessage[];
  /** The room's state as the stream last said (null until it said). */
  readonly status: LiveStatus | null;
  readonly online: number | null;
  readonly connected: boolean;
  /**
   * Why the server closed the stream, when it did and it stays closed: the sign-in ended and could
   * not be renewed (EXPIRED). Null while it runs.
   */
  readonly closed: LiveChatClosed | null;
  /**
   * What the room's access, changed while this stream ran, asks of this viewer now (null: it did
   * not change). The stream goes on: anyone reads the chat (Step 19).
   */
  readonly access: LiveChatAccess | null;
}

/** The viewer's sign-in, as the chat stream needs it. */
export interface LiveChatSession {
  /** The access token now (a new one opens the stream again with it). */
  readonly token: string | null;
  /** The token at the moment the stream opens. */
  current(): string | null;
  /** Renew the token (the stream's ran out): whether it was renewed. */
  renew(): Promise<boolean>;
}

/** The most messages kept on screen. */
const KEPT = 200;

const initial: LiveChatState = {
  messages: [],
  status: null,
  online: null,
  connected: false,
  closed: null,
  access: null,
};

/**
 * A room's chat stream (server-sent events): its history, new and removed messages, the room going
 * live or ending, and how many watch. EventSource reconnects by itself (the server asks 2 s); each
 * reconnection starts again from the history, so nothing is shown twice.
 *
 * The server closes a stream with a `closed` event (decision 0025) when the token it was opened
 * with runs out: the token is renewed and the stream opened again with the new one. When the
 * room's access changes, it says so in an `access` event and goes on (Step 19): the room screen
 * reads the room again and shows what it needs.
 */
export function useLiveChat(url: string | null, session: LiveChatSession): LiveChatState {
  const [state, setState] = useState<LiveChatState>(initial);
  // Opening the stream again (with the token as it is then) is a new generation of the effect.
  const [generation, setGeneration] = useState(0);
  const latest = useRef(session);
  useEffect(() => {
    latest.current = session;
  });
  // A new token (signed in, renewed by another call) opens the stream again with it.
  const { token: tokenNow } = session;
  useEffect(() => {
    if (url === null || typeof EventSource === "undefined") return undefined;
    const token = latest.current.current();
    const source = new EventSource(token ? `${url}?token=${encodeURIComponent(token)}` : url);
    let active = true;
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
    on("history", (data, s) => ({
      ...s,
      messages: (data as Data<"history">).messages,
      connected: true,
      closed: null,
    }));
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
    on("access", (data, s) => ({ ...s, access: data as Data<"access"> }));
    source.addEventListener("closed", (event) => {
      // Not again by itself with the same token.
      source.close();
      let closed: LiveChatClosed;
      try {
        closed = JSON.parse((event as MessageEvent<string>).data) as LiveChatClosed;
      } catch {
        return;
      }
      setState((s) => ({ ...s, connected: false }));
      void latest.current.renew().then(
        (renewed) => {
          if (!active) return;
          if (renewed) setGeneration((g) => g + 1);
          else setState((s) => ({ ...s, closed }));
        },
        () => {
          if (active) setState((s) => ({ ...s, closed }));
        },
      );
    });
    source.addEventListener("error", () => {
      setState((s) => ({ ...s, connected: false }));
    });
    return () => {
      active = false;
      source.close();
    };
  }, [url, tokenNow, generation]);
  return state;
}
