import { useLingui } from "@lingui/react/macro";
import { relativeTimeOf } from "@platform/domain";
import { Button, EmptyState, IconButton, Skeleton, SkeletonGroup, useMessageText } from "@platform/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Page } from "../../components/Page";
import { PagedList } from "../../components/PagedList";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { messagesQueryOptions, useMarkAllReadMutation, useMarkReadMutation } from "./queries/messages";
import { messageTargetOf, useMessageWords } from "./messageText";
import type { CentreMessage } from "./messageText";
import "./messages.css";
import { unreadTotalQueryOptions } from "../../app/session/queries";
import { useApi } from "../../app/useApi";

/**
 * /messages, the message centre: the person's messages newest first (the next page near the
 * bottom), each worded in the reader's language from its kind and parameters, unread ones marked;
 * a tap marks one read and opens what it is about; 'mark all read'; a way to /messagesettings.
 * The 'my' panel's badge follows every change (its query takes the server's count).
 */
export function MessagesScreen() {
  const { t } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const list = useInfiniteQuery(messagesQueryOptions(api));
  const unread = useQuery(unreadTotalQueryOptions(api));

  const markOne = useMarkReadMutation();
  const markAll = useMarkAllReadMutation();

  const messages = list.data?.pages.flatMap((page) => page.records) ?? [];
  const unreadCount = Math.max(unread.data?.total ?? 0, messages.filter((m) => !m.read).length);

  const settings = (
    <IconButton
      icon="settings"
      label={t`消息设置`}
      onClick={() => {
        void navigate({ to: "/messagesettings" });
      }}
    />
  );

  let content;
  if (list.data === undefined) {
    content = list.isError ? (
      <RetryState message={errorText(list.error)} onRetry={() => void list.refetch()} />
    ) : (
      <SkeletonGroup className="h5-messages__loading">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} height={72} radius={12} />
        ))}
      </SkeletonGroup>
    );
  } else if (messages.length === 0) {
    content = <EmptyState picture="empty" description={t`暂无消息`} />;
  } else {
    content = (
      <PagedList query={list}>
        <ul className="h5-messages__list" aria-label={t`消息列表`}>
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              onOpen={() => {
                if (!message.read) markOne.mutate(message.id);
              }}
            />
          ))}
        </ul>
      </PagedList>
    );
  }

  return (
    <Page title={t`消息中心`} right={settings}>
      <div className="h5-messages">
        <div className="h5-messages__bar">
          <span className="h5-messages__count" role="status">
            {unreadCount > 0 ? t`${unreadCount} 条未读` : t`没有未读消息`}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={unreadCount === 0}
            busy={markAll.isPending}
            onClick={() => {
              markAll.mutate();
            }}
          >
            {t`全部已读`}
          </Button>
        </div>
        {content}
      </div>
    </Page>
  );
}

function MessageRow({ message, onOpen }: { readonly message: CentreMessage; readonly onOpen: () => void }) {
  const { t } = useLingui();
  const words = useMessageWords();
  const text = useMessageText();
  const [now] = useState(() => Date.now());
  const { title, body } = words(message);
  const when = relativeTimeOf(message.createTime, now);
  const target = messageTargetOf(message);
  return (
    <li className={`h5-message${message.read ? "" : " h5-message--unread"}`}>
      <Link {...target} className="h5-message__link" onClick={onOpen}>
        <span className="h5-message__head">
          {message.read ? null : (
            <>
              <span className="h5-message__dot" aria-hidden="true" />
              <span className="pf-visually-hidden">{t`未读`}</span>
            </>
          )}
          <span className="h5-message__title">{title}</span>
          {when === null ? null : (
            <time className="h5-message__time" dateTime={message.createTime}>
              {text(when)}
            </time>
          )}
        </span>
        <span className="h5-message__body">{body}</span>
      </Link>
    </li>
  );
}
