import { useLingui } from "@lingui/react/macro";
import { WatchLevel, formatAmount, parseAmountInput } from "@platform/domain";
import { Button } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RetryState } from "../../components/RetryState";
import { ChoiceGroup } from "../trade/ChoiceGroup";
import { myLiveRoomQueryOptions, useResetStreamKeyMutation, useSaveMyRoomMutation } from "./queries";
import { useLiveTools } from "./useLiveTools";
import type { MyLiveRoom } from "./queries";
import { MoneyUnit, unitName } from "@platform/i18n";
import { useApi } from "../../app/useApi";

/**
 * One's own room: what OBS or ffmpeg needs (the server and the stream key, shown on demand,
 * copied, renewed), and the room's title and who may watch.
 */
export function MyLiveRoomPanel() {
  const { t } = useLingui();
  const api = useApi();
  const mine = useQuery(myLiveRoomQueryOptions(api));
  if (mine.isPending)
    return (
      <p className="h5-live__note" role="status">
        {t`加载中…`}
      </p>
    );
  if (mine.isError) return <RetryState message={t`我的直播间加载失败`} onRetry={() => void mine.refetch()} />;
  return <MyRoomForms room={mine.data} />;
}

function MyRoomForms({ room }: { readonly room: MyLiveRoom }) {
  const { t, i18n } = useLingui();
  const goldName = unitName(i18n, MoneyUnit.gold);
  const { navigate, toast, refusals } = useLiveTools();
  const [showKey, setShowKey] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [title, setTitle] = useState(room.title);
  const [level, setLevel] = useState<WatchLevel>(room.watchLevel);
  const [price, setPrice] = useState(room.price > 0 ? formatAmount(room.price) : "");
  const [error, setError] = useState<string | null>(null);
  // The room the server answers is stored first (the hooks).
  const save = useSaveMyRoomMutation({
    onSuccess: () => {
      toast.show(t`已保存`, { tone: "success" });
    },
    onError: async (failure) => {
      setError(await refusals.text(failure));
    },
  });
  const reset = useResetStreamKeyMutation({
    onSuccess: () => {
      setConfirmReset(false);
      setShowKey(true);
      toast.show(t`推流密钥已更换，旧密钥已失效`, { tone: "success" });
    },
    onError: (failure) => {
      refusals.toast(failure);
    },
  });
  const copy = (text: string) => {
    void navigator.clipboard.writeText(text).then(
      () => toast.show(t`已复制`, { tone: "success" }),
      () => toast.show(t`复制失败，请手动复制`, { tone: "error" }),
    );
  };
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === "") {
      setError(t`请输入直播间标题`);
      return;
    }
    const amount = level === WatchLevel.CHARGE ? parseAmountInput(price) : 0;
    if (
      level === WatchLevel.CHARGE &&
      (amount === null || amount < room.priceMin || amount > room.priceMax)
    ) {
      const min = formatAmount(room.priceMin);
      const max = formatAmount(room.priceMax);
      setError(t`门票价格须在 ${min} 到 ${max} 之间`);
      return;
    }
    setError(null);
    save.mutate({ title: trimmed, watchLevel: level, price: amount ?? 0 });
  };
  const levels: readonly [WatchLevel, string][] = [
    [WatchLevel.FREE, t`所有人`],
    [WatchLevel.SVIP, t`仅超级会员`],
    [WatchLevel.CHARGE, t`购买门票`],
  ];
  return (
    <div className="h5-live h5-live--mine">
      <section className="h5-live__section" aria-labelledby="live-encoder">
        <h2 id="live-encoder">{t`推流设置`}</h2>
        <p className="h5-live__hint">
          {t`在 OBS 或 ffmpeg 中填入服务器和推流密钥即可开播；停止推流后直播自动结束。`}
        </p>
        <p className="h5-live__status" data-testid="live-my-status">
          {room.status === "LIVE" ? t`正在直播` : t`未在直播`}
        </p>
        {room.rtmpUrl === null ? (
          <p className="h5-alert" role="alert">
            {t`服务器暂未开放推流`}
          </p>
        ) : (
          <dl className="h5-live__fields">
            <dt>{t`服务器`}</dt>
            <dd>
              <code data-testid="live-rtmp-url">{room.rtmpUrl}</code>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  copy(room.rtmpUrl ?? "");
                }}
              >
                {t`复制`}
              </Button>
            </dd>
            <dt>{t`推流密钥`}</dt>
            <dd>
              <code data-testid="live-stream-key">{showKey ? room.streamKey : "••••••••••••"}</code>
              <Button
                variant="secondary"
                size="sm"
                aria-pressed={showKey}
                onClick={() => {
                  setShowKey(!showKey);
                }}
              >
                {showKey ? t`隐藏` : t`显示`}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  copy(room.streamKey);
                }}
              >
                {t`复制`}
              </Button>
            </dd>
          </dl>
        )}
        {confirmReset ? (
          <div className="h5-actions" role="group" aria-label={t`更换推流密钥`}>
            <p>{t`更换后旧密钥立即失效，正在进行的直播会中断。确定更换？`}</p>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirmReset(false);
              }}
            >
              {t`取消`}
            </Button>
            <Button
              disabled={reset.isPending}
              onClick={() => {
                reset.mutate();
              }}
            >
              {t`确定更换`}
            </Button>
          </div>
        ) : (
          <Button
            variant="secondary"
            onClick={() => {
              setConfirmReset(true);
            }}
          >
            {t`更换推流密钥`}
          </Button>
        )}
      </section>
      <form className="h5-live__section" onSubmit={submit} aria-labelledby="live-room-settings" noValidate>
        <h2 id="live-room-settings">{t`直播间设置`}</h2>
        <label className="h5-live__label">
          {t`标题`}
          <input
            className="h5-live__input"
            value={title}
            maxLength={40}
            onChange={(event) => {
              setTitle(event.target.value);
            }}
          />
        </label>
        <ChoiceGroup
          legend={t`谁可以观看`}
          name="watchLevel"
          choices={levels.map(([value, label]) => ({ value, label }))}
          value={level}
          onChange={setLevel}
        />
        {level === WatchLevel.CHARGE ? (
          <label className="h5-live__label">
            {t`门票价格（${goldName}）`}
            <input
              className="h5-live__input"
              inputMode="decimal"
              value={price}
              onChange={(event) => {
                setPrice(event.target.value);
              }}
            />
          </label>
        ) : null}
        <p className="h5-error" role="alert">
          {error ?? ""}
        </p>
        <div className="h5-actions">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t`保存中…` : t`保存`}
          </Button>
          <Button
            variant="secondary"
            type="button"
            onClick={() => void navigate({ to: "/starlive", search: { room: room.roomId } })}
          >
            {t`查看我的直播间`}
          </Button>
        </div>
      </form>
    </div>
  );
}
