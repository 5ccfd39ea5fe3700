import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Icon } from "../icons/Icon";

export interface LiveChatMessage {
  readonly id: string;
  readonly nickName: string;
  readonly content: string;
}

export interface LiveChatProps {
  readonly messages: readonly LiveChatMessage[];
  /** Signed in and allowed to talk; otherwise `closedReason` says why not. */
  readonly canWrite: boolean;
  /**
   * Why the box is closed: not signed in (with a sign-in button), the live is not on, or the
   * sign-in ended while watching (with a sign-in button); or the room is for ticket holders
   * (`ticket`) or super members (`members`) and this person is neither: they read the chat like
   * anyone (Step 19), and the box's place says what lets them join it.
   */
  readonly closedReason?: "signIn" | "notLive" | "expired" | "ticket" | "members" | null;
  readonly onSignIn?: () => void;
  /** Sends a message; a rejection's message is shown under the box and the text kept. */
  readonly onSend: (text: string) => Promise<void>;
  /** The room's author may remove messages. */
  readonly onRemove?: (id: string) => void;
  readonly maxLength: number;
  /** The chat stream is reconnecting. */
  readonly connecting?: boolean;
}

/**
 * A live room's chat: the messages as a log screen readers announce, newest at the bottom (kept in
 * view unless the reader scrolled up), and the box to write in, with its counter and errors.
 */
export function LiveChat({
  messages,
  canWrite,
  closedReason,
  onSignIn,
  onSend,
  onRemove,
  maxLength,
  connecting = false,
}: LiveChatProps) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement | null>(null);
  const pinned = useRef(true);
  const length = Array.from(text).length;

  useEffect(() => {
    const list = listRef.current;
    if (list !== null && pinned.current) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === "") {
      setError(t`请输入内容`);
      return;
    }
    if (length > maxLength) {
      setError(t`最多 ${maxLength} 个字`);
      return;
    }
    setSending(true);
    setError(null);
    onSend(trimmed).then(
      () => {
        setText("");
        setSending(false);
        pinned.current = true;
      },
      (failure: unknown) => {
        setSending(false);
        setError(failure instanceof Error && failure.message !== "" ? failure.message : t`发送失败，请重试`);
      },
    );
  };

  return (
    <section className="pf-live-chat" aria-label={t`直播聊天`}>
      {connecting ? <p className="pf-live-chat__note">{t`聊天连接中…`}</p> : null}
      <ol
        ref={listRef}
        className="pf-live-chat__list"
        role="log"
        aria-live="polite"
        onScroll={(event) => {
          const list = event.currentTarget;
          pinned.current = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
        }}
      >
        {messages.length > 0 ? null : canWrite ? (
          <li className="pf-live-chat__empty">{t`还没有人发言，来说第一句吧`}</li>
        ) : (
          <li className="pf-live-chat__empty">{t`还没有人发言`}</li>
        )}
        {messages.map(({ id, nickName, content }) => (
          <li key={id} className="pf-live-chat__message">
            <span className="pf-live-chat__name">{nickName}</span>
            <span className="pf-live-chat__text">{content}</span>
            {onRemove ? (
              <button
                type="button"
                className="pf-live-chat__remove"
                aria-label={t`删除 ${nickName} 的发言`}
                onClick={() => {
                  onRemove(id);
                }}
              >
                <Icon name="trash" />
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form className="pf-live-chat__form" onSubmit={submit}>
          <input
            className="pf-live-chat__input"
            value={text}
            maxLength={maxLength * 2}
            placeholder={t`说点什么…`}
            aria-label={t`聊天内容`}
            aria-invalid={error !== null}
            aria-describedby="pf-live-chat-error"
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          <span className={`pf-live-chat__count${length > maxLength ? " pf-live-chat__count--over" : ""}`}>
            {length}/{maxLength}
          </span>
          <button type="submit" className="pf-live-chat__send" disabled={sending}>
            {sending ? t`发送中` : t`发送`}
          </button>
        </form>
      ) : (
        <div className="pf-live-chat__closed">
          {closedReason === "signIn" ? (
            <button type="button" className="pf-live-chat__send" onClick={onSignIn}>
              {t`登录后参与聊天`}
            </button>
          ) : closedReason === "expired" ? (
            <>
              <p role="status">{t`登录已失效，聊天已断开`}</p>
              <button type="button" className="pf-live-chat__send" onClick={onSignIn}>
                {t`重新登录`}
              </button>
            </>
          ) : (
            <p>
              {closedReason === "ticket"
                ? t`购买门票后即可参与聊天`
                : closedReason === "members"
                  ? t`开通超级会员后即可参与聊天`
                  : closedReason === "notLive"
                    ? t`直播未开始或已结束，暂不能发言`
                    : t`暂不能发言`}
            </p>
          )}
        </div>
      )}
      <p id="pf-live-chat-error" className="pf-live-chat__error" role="alert">
        {error ?? ""}
      </p>
    </section>
  );
}
