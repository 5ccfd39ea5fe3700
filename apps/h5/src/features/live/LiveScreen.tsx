import { useLingui } from "@lingui/react/macro";
import { ReportTarget, StorageKey } from "@platform/domain";
import { Button, LiveChat, LivePlayer, LiveRoomCard, loadShakaHls } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import { hasSession } from "../../app/api";
import { ownIdOf } from "../../app/session/own";
import { useReport } from "../report/useReport";
import { useApi } from "../../app/useApi";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useRefusals } from "../trade/refusals";
import { MyLiveRoomPanel } from "./MyLiveRoomPanel";
import { RoomLock } from "./RoomLock";
import { liveListQueryOptions, liveRoomQueryOptions, useReadRoomAgain } from "./queries";
import type { LiveRoomDetail } from "./queries";
import { useLiveChat } from "./useLiveChat";
import "./live.css";
import { MoneyUnit, amountIn } from "@platform/i18n";

/**
 * /starlive (public, spec §2; Step 16, decision 0022): the live rooms, a room with its live
 * player and chat, and one's own room with what an encoder needs to go live.
 */
export function LiveScreen() {
  const { t } = useLingui();
  // `?room=`: a room; `?mine=1`: one's own room (going live).
  const { room, mine } = useSearch({ from: "/starlive" });
  if (mine === 1)
    return (
      <Page title={t`我要开播`}>
        <SignedInOnly>
          <MyLiveRoomPanel />
        </SignedInOnly>
      </Page>
    );
  if (room !== undefined) return <LiveRoomView roomId={room} />;
  return (
    <Page title={t`直播`}>
      <LiveList />
    </Page>
  );
}

/**
 * The rooms are public (spec §2); one's own room is not: someone not signed in goes to sign in
 * first and comes back to it (not a 'session expired' over a room that failed to load).
 */
function SignedInOnly({ children }: { readonly children: ReactNode }) {
  const api = useApi();
  const navigate = useNavigate();
  const signedIn = hasSession(api);
  useEffect(() => {
    if (!signedIn) void navigate({ to: "/login", search: { redirect: "/starlive?mine=1" }, replace: true });
  }, [signedIn, navigate]);
  return signedIn ? children : null;
}

function LiveList() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const list = useQuery(liveListQueryOptions(api));
  const signedIn = hasSession(api);
  const rooms = list.data?.rooms ?? [];
  return (
    <div className="h5-live">
      <div className="h5-live__bar">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (signedIn) void navigate({ to: "/starlive", search: { mine: 1 } });
            else void navigate({ to: "/login", search: { redirect: "/starlive?mine=1" } });
          }}
        >
          {t`我要开播`}
        </Button>
      </div>
      {list.isPending ? (
        <p className="h5-live__note" role="status">
          {t`直播间加载中…`}
        </p>
      ) : list.isError ? (
        <RetryState message={t`直播间加载失败`} onRetry={() => void list.refetch()} />
      ) : rooms.length === 0 ? (
        <p className="h5-live__note">{t`现在没有直播，稍后再来看看`}</p>
      ) : (
        <ul className="h5-live__grid" aria-label={t`直播间`}>
          {rooms.map((r) => (
            <li key={r.roomId}>
              <LiveRoomCard
                title={r.title}
                anchorName={r.anchorName}
                coverUrl={r.coverUrl}
                online={r.online}
                isLive={r.isLive}
                watchLevel={r.watchLevel}
                priceText={amountIn(i18n, MoneyUnit.gold, r.price)}
                onOpen={() => void navigate({ to: "/starlive", search: { room: r.roomId } })}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LiveRoomView({ roomId }: { readonly roomId: string }) {
  const { t } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const detail = useQuery(liveRoomQueryOptions(api, roomId));
  const readRoomAgain = useReadRoomAgain(roomId);
  const storage = api.client.storage;
  const token = storage.get(StorageKey.accessToken);
  const room = detail.data;
  // Anyone reads a room's chat, a paid one too (Step 19): only writing needs the right to watch.
  const chat = useLiveChat(room?.chatUrl ?? null, {
    token,
    current: () => storage.get(StorageKey.accessToken),
    renew: () => api.client.refreshTokens(),
  });
  // The stream says when the room goes live or ends: read the room again (renditions, state).
  const streamStatus = chat.status;
  useEffect(() => {
    if (streamStatus !== null) readRoomAgain();
  }, [streamStatus, readRoomAgain]);
  // The playlist refused this viewer (403: the room turned ticket-only or members-only while they
  // watched): the player stops and the room is read again, to show what it needs now.
  const [refused, setRefused] = useState(false);
  const onRefused = () => {
    setRefused(true);
    readRoomAgain();
  };
  // The room's access changed (the chat says so and goes on): read the room again, to show the
  // offer if this viewer may not watch it now.
  const access = chat.access;
  useEffect(() => {
    if (access !== null) readRoomAgain();
  }, [access, readRoomAgain]);
  // Either way, what changed is said above the lock.
  const lockedNow = (access !== null && access.lockedBy !== null) || (refused && room?.canWatch === false);
  const title = room?.title ?? t`直播`;
  const online = chat.online ?? room?.online ?? 0;
  // Anyone signed in may report a room that is not their own (Step 22: operators see it).
  const report = useReport();
  const ownId = ownIdOf(api);
  const reportable = room !== undefined && hasSession(api) && room.anchorId !== ownId;
  return (
    <Page title={title} onBack={() => void navigate({ to: "/starlive", search: {} })}>
      <div className="h5-live h5-live--room">
        {detail.isPending ? (
          <p className="h5-live__note" role="status">
            {t`直播间加载中…`}
          </p>
        ) : detail.isError || room === undefined ? (
          <RetryState message={t`直播间不存在或暂时无法打开`} onRetry={() => void detail.refetch()} />
        ) : (
          <>
            <RoomStage
              room={room}
              token={token}
              busPlatformId={storage.get(StorageKey.busPlatformId)}
              lockedNow={lockedNow}
              onRefused={onRefused}
            />
            <div className="h5-live__info">
              <h2 className="h5-live__title">{room.title}</h2>
              <p className="h5-live__anchor">
                {room.anchorName}
                {room.isLive ? ` · ${t`${online} 人在看`}` : ""}
              </p>
              {reportable ? (
                <button
                  type="button"
                  className="h5-live__report"
                  onClick={() => {
                    report.report({ type: ReportTarget.LIVE, id: room.roomId });
                  }}
                >
                  {t`举报直播间`}
                </button>
              ) : null}
            </div>
            {report.element}
            <RoomChat room={room} chat={chat} />
          </>
        )}
      </div>
    </Page>
  );
}

function RoomStage({
  room,
  token,
  busPlatformId,
  lockedNow,
  onRefused,
}: {
  readonly room: LiveRoomDetail;
  readonly token: string | null;
  readonly busPlatformId: string | null;
  /** The room turned paid while this viewer watched (the chat said so). */
  readonly lockedNow: boolean;
  /** The playlist answered 403: the viewer may not watch now. */
  readonly onRefused: () => void;
}) {
  const { t } = useLingui();
  if (!room.canWatch) return <RoomLock room={room} lockedNow={lockedNow} />;
  if (room.status === "IDLE")
    return (
      <div className="h5-live__stage h5-live__stage--empty" role="status">
        {t`主播还没有开播`}
      </div>
    );
  if (room.status === "ENDED" && room.renditions.length === 0)
    return (
      <div className="h5-live__stage h5-live__stage--empty" role="status">
        {t`直播已结束，下次早点来哦`}
      </div>
    );
  return (
    <LivePlayer
      autoUrl={room.playUrl}
      renditions={room.renditions}
      token={token}
      busPlatformId={busPlatformId}
      loadShaka={loadShakaHls}
      ended={room.status !== "LIVE"}
      broadcastKey={room.startedAt}
      poster={room.coverUrl}
      title={room.title}
      onRefused={onRefused}
    />
  );
}

function RoomChat({
  room,
  chat,
}: {
  readonly room: LiveRoomDetail;
  readonly chat: ReturnType<typeof useLiveChat>;
}) {
  const { i18n } = useLingui();
  const api = useApi();
  const navigate = useNavigate();
  const refusals = useRefusals();
  const signedIn = hasSession(api);
  const live = (chat.status ?? room.status) === "LIVE";
  // Closed by the server: the sign-in ended (and could not be renewed).
  const expired = chat.closed !== null;
  // A paid room this viewer may not watch: they read its chat like anyone; the note in the box's
  // place says what lets them join it (Step 19).
  const locked = room.canWatch ? null : room.lockedBy === "SVIP" ? "members" : "ticket";
  return (
    <LiveChat
      messages={chat.messages}
      connecting={!chat.connected && !expired}
      canWrite={signedIn && live && !expired && locked === null}
      closedReason={expired ? "expired" : (locked ?? (!signedIn ? "signIn" : live ? null : "notLive"))}
      onSignIn={() => void navigate({ to: "/login", search: { redirect: `/starlive?room=${room.roomId}` } })}
      maxLength={room.chatMaxLength}
      onSend={async (content) => {
        try {
          await api.game.liveChatSend({ roomId: room.roomId, content }, { quiet: true });
        } catch (error) {
          throw new Error(await refusals.text(error), { cause: error });
        }
      }}
      onRemove={
        room.isOwner
          ? (messageId) => {
              api.game
                .liveChatRemove({ roomId: room.roomId, messageId }, { quiet: true })
                .catch((error: unknown) => {
                  refusals.toast(error);
                });
            }
          : undefined
      }
      key={i18n.locale}
    />
  );
}
