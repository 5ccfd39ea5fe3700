import { useLingui } from "@lingui/react/macro";
import type { AdminLiveRoom } from "@platform/api-client/admin";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ActForm, PagedTable, useClient, usePagedList, useWhen } from "../app/kit";
import type { Columns } from "../app/kit";

const SIZE = 20;

/** Live rooms now, with their viewers: end a broadcast, reset its key, and moderate its chat. */
export function Live() {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const [chosen, setChosen] = useState<AdminLiveRoom | null>(null);
  const rooms = usePagedList(
    ["live"],
    (page, signal) => client.call("live.rooms", { page, size: SIZE }, { signal }),
    10_000,
  );
  const columns: Columns<AdminLiveRoom> = [
    { id: "roomId", header: t`房间`, accessorFn: (r) => r.roomId },
    { id: "title", header: t`标题`, accessorFn: (r) => r.title },
    { id: "host", header: t`主播`, accessorFn: (r) => r.host.nickName },
    { id: "viewers", header: t`观众`, accessorFn: (r) => r.viewers },
    { id: "started", header: t`开始时间`, accessorFn: (r) => at(r.startedAt) },
  ];
  return (
    <section aria-labelledby="live-title" className="ad-split">
      <div>
        <h1 id="live-title">{t`直播`}</h1>
        <PagedTable
          label={t`直播中的房间`}
          list={rooms}
          size={SIZE}
          columns={columns}
          rowId={(r) => r.roomId}
          empty={t`现在没有直播`}
          selected={chosen?.roomId ?? null}
          onSelect={setChosen}
        />
      </div>
      {chosen === null ? (
        <p className="ad-muted">{t`选择一个房间进行管理`}</p>
      ) : (
        <Room
          key={chosen.roomId}
          room={chosen}
          onEnded={() => {
            setChosen(null);
          }}
        />
      )}
    </section>
  );
}

function Room({ room, onEnded }: { readonly room: AdminLiveRoom; readonly onEnded: () => void }) {
  const { t } = useLingui();
  const at = useWhen();
  const client = useClient();
  const queries = useQueryClient();
  const chat = useQuery({
    queryKey: ["live", "chat", room.roomId],
    queryFn: ({ signal }) => client.call("live.chat", { roomId: room.roomId }, { signal }),
    refetchInterval: 5_000,
  });
  const refresh = () => void queries.invalidateQueries({ queryKey: ["live"] });
  return (
    <article className="ad-detail" aria-labelledby="room-title">
      <h2 id="room-title">
        {room.title} · {room.host.nickName}
      </h2>
      <div className="ad-acts">
        <ActForm
          label={t`结束直播`}
          tone="danger"
          needsReason
          reasonLabel={t`结束原因（记入审计日志）`}
          act={(reason) => client.call("live.end", { roomId: room.roomId, reason })}
          onDone={() => {
            refresh();
            onEnded();
          }}
        />
        <ActForm
          label={t`重置推流密钥`}
          needsReason
          act={(reason) => client.call("live.resetKey", { roomId: room.roomId, reason })}
          onDone={refresh}
        />
      </div>
      <h3>{t`聊天`}</h3>
      <ul className="ad-list">
        {(chat.data ?? []).map((m) => (
          <li key={m.id} className={m.removed ? "ad-removed" : undefined}>
            <span>
              {at(m.at)} · <strong>{m.person.nickName}</strong>: {m.content}
              {m.removed ? t`（已移除）` : null}
            </span>
            {m.removed ? null : (
              <span className="ad-inline-acts">
                <ActForm
                  label={t`移除`}
                  needsReason
                  act={(reason) => client.call("live.removeMessage", { messageId: m.id, reason })}
                  onDone={refresh}
                />
                <ActForm
                  label={t`禁言 1 小时`}
                  needsReason
                  act={(reason) =>
                    client.call("live.mute", {
                      roomId: room.roomId,
                      userId: m.person.id,
                      minutes: 60,
                      reason,
                    })
                  }
                  onDone={refresh}
                />
              </span>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}
