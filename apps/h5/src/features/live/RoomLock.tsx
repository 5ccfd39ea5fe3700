import { useLingui } from "@lingui/react/macro";
import { AccountType, walletBalanceOf } from "@platform/domain";
import { MoneyUnit, amountIn } from "@platform/i18n";
import { Button, PaymentConfirmDialog } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { hasSession } from "../../app/api";
import { rechargeRouteFrom } from "../../app/route-from";
import { walletQueryOptions } from "../../app/session/queries";
import { useBuyTicketMutation } from "./queries";
import type { LiveRoomDetail } from "./queries";
import { useLiveTools } from "./useLiveTools";

/**
 * A room the person may not watch: members only (open membership), or a ticket to buy — after a
 * confirmation with the price and the gold before and after (the shared payment sheet; with too
 * little gold it offers a recharge that comes back here). `lockedNow`: the room turned paid while
 * this person watched, said above the offer.
 */
export function RoomLock({
  room,
  lockedNow,
}: {
  readonly room: LiveRoomDetail;
  readonly lockedNow: boolean;
}) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const { api, navigate, toast, refusals } = useLiveTools();
  const signedIn = hasSession(api);
  const [confirming, setConfirming] = useState(false);
  const wallet = useQuery({ ...walletQueryOptions(api), enabled: signedIn && room.lockedBy !== "SVIP" });
  // Then the room, the balances and the money screens' data are read again (the hook).
  const buy = useBuyTicketMutation(room.roomId, {
    onSuccess: () => {
      setConfirming(false);
      toast.show(t`购买成功，开始观看`, { tone: "success" });
    },
    onError: (error) => {
      setConfirming(false);
      refusals.toast(error);
    },
  });
  const price = amountIn(i18n, MoneyUnit.gold, room.price);
  const title = room.title;
  const signIn = () => void navigate({ to: "/login", search: { redirect: `/starlive?room=${room.roomId}` } });
  return (
    <div className="h5-live__stage h5-live__stage--locked">
      {lockedNow ? (
        <p className="h5-live__changed" role="status">
          {room.lockedBy === "SVIP" ? t`主播已将直播间改为仅限超级会员观看` : t`主播已将直播间改为购票观看`}
        </p>
      ) : null}
      {room.lockedBy === "SVIP" ? (
        <>
          <p>{t`该直播仅限超级会员观看`}</p>
          <Button
            onClick={() => {
              if (signedIn) void navigate({ to: "/membervip" });
              else signIn();
            }}
          >
            {t`开通超级会员`}
          </Button>
        </>
      ) : (
        <>
          <p>{t`观看该直播需购买门票（${price}）`}</p>
          <Button
            // The sheet opens once the gold is read (a moment after the offer shows).
            disabled={buy.isPending}
            onClick={() => {
              if (signedIn) setConfirming(true);
              else signIn();
            }}
          >
            {buy.isPending ? t`购买中…` : t`购买门票`}
          </Button>
          <PaymentConfirmDialog
            open={confirming && wallet.data !== undefined}
            title={t`确认购买门票`}
            summary={t`直播间「${title}」的门票：买一次，以后都可以观看。`}
            amount={room.price}
            balance={walletBalanceOf(wallet.data, AccountType.GOLD)}
            busy={buy.isPending}
            onConfirm={() => {
              buy.mutate();
            }}
            onCancel={() => {
              setConfirming(false);
            }}
            onRecharge={() => {
              void router.navigate({ href: rechargeRouteFrom(router.state.location.href) });
            }}
          />
        </>
      )}
    </div>
  );
}
