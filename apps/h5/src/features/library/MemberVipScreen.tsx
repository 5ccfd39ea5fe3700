import { useLingui } from "@lingui/react/macro";
import type { PlatformApi } from "@platform/api-client";
import {
  AccountType,
  SvipPurchaseType,
  discountPercent,
  formatAmount,
  membershipControls,
  walletBalanceOf,
} from "@platform/domain";
import { Button, PaymentConfirmDialog, Skeleton, SkeletonGroup, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { getRouteApi, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import type { ReactNode } from "react";
import { usePromotionJump } from "../../app/links";
import { rechargeRouteFrom } from "../../app/route-from";
import { profileQueryOptions, walletQueryOptions } from "../../app/session/queries";
import { useApi } from "../../app/useApi";
import { RetryState } from "../../components/RetryState";
import { Page } from "../../components/Page";
import { useErrorText } from "../../components/useErrorText";
import { useRefusals } from "../trade/refusals";
import {
  benefitsConfigQueryOptions,
  memberPicturesQueryOptions,
  useBuyMembershipMutation,
  vipPlansQueryOptions,
} from "./queries";
import type { VipPlan } from "./queries";
import "./library.css";
import { MoneyUnit, amountIn, unitName } from "@platform/i18n";
import { useSettled } from "../../app/settled";

const route = getRouteApi("/membervip");

/**
 * /membervip: the member's status (permanent, days left, or not a super VIP), the member centre's
 * pictures, what membership gives, and the plans with their prices. Opening (non-members) or
 * renewing (members: the days are added to the end of the term) asks for a confirmation first;
 * when the gold does not cover the plan, the button reads 'goto recharge' and /trade returns here.
 * Opened with ?from=<path> (the watch screen's membership dialog), back and a purchase return there.
 */
export function MemberVipScreen() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const api = useApi();
  const { from } = route.useSearch();
  const errorText = useErrorText();
  const refusals = useRefusals();
  const toast = useToast();
  const profile = useQuery(profileQueryOptions(api));
  const wallet = useQuery(walletQueryOptions(api));
  const plans = useQuery(vipPlansQueryOptions(api));
  // The centre's pictures and benefits sit above the plans: the screen shows once they are settled
  // (or failed: then without them), so nothing is pushed down under the person's finger (CLS).
  const pictures = useQuery(memberPicturesQueryOptions(api));
  const benefits = useQuery(benefitsConfigQueryOptions(api));
  const centreSettled = useSettled(pictures, benefits);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const status = profile.data;
  const gold = walletBalanceOf(wallet.data, AccountType.GOLD);
  const chosen: VipPlan | undefined =
    plans.data?.find((p) => p.id === chosenId) ?? plans.data?.find((p) => p.recommended) ?? plans.data?.[0];
  const type = status?.isVip ? SvipPurchaseType.BUY_SVIP : SvipPurchaseType.OPEN_SVIP;

  // Membership, benefits and gold are read again before going back (the hook).
  const buy = useBuyMembershipMutation({
    onSuccess: (result) => {
      setConfirming(false);
      const days = result.remainDays;
      toast.show(result.isPermanent ? t`已成为永久会员` : t`开通成功，会员剩余 ${days} 天`, {
        tone: "success",
      });
    },
    onRefreshed: () => {
      if (from !== undefined) void router.navigate({ href: from });
    },
    onError: (error) => {
      setConfirming(false);
      refusals.toast(error);
    },
  });

  const back = from === undefined ? undefined : () => void router.navigate({ href: from });
  let body: ReactNode;
  if (status === undefined || plans.data === undefined || wallet.data === undefined || !centreSettled) {
    const failed = profile.error ?? plans.error ?? wallet.error;
    body =
      failed !== null ? (
        <RetryState
          message={errorText(failed)}
          onRetry={() => {
            void profile.refetch();
            void plans.refetch();
            void wallet.refetch();
          }}
        />
      ) : (
        <SkeletonGroup label={t`会员信息加载中`} className="h5-vip">
          <Skeleton height={96} radius={12} />
          <Skeleton height={64} radius={12} />
          <Skeleton height={64} radius={12} />
        </SkeletonGroup>
      );
  } else {
    const short = chosen !== undefined && gold < chosen.amount;
    const shortBy = chosen === undefined ? "" : amountIn(i18n, MoneyUnit.gold, chosen.amount - gold);
    const goldName = unitName(i18n, MoneyUnit.gold);
    const permanent = membershipControls(status).shortcut === null;
    body = (
      <div className="h5-vip">
        <MemberStatus status={status} gold={gold} />
        <MemberCentre discount={chosen?.discount ?? null} pictures={pictures.data} benefits={benefits.data} />
        {permanent ? (
          <p className="h5-library-note" role="status">
            {t`您已是永久会员，尊享全部会员权益`}
          </p>
        ) : (
          <section aria-label={t`会员套餐`}>
            <fieldset className="h5-library-choices">
              <legend className="h5-library-heading">{status.isVip ? t`续费套餐` : t`开通套餐`}</legend>
              {plans.data.map((plan) => (
                <PlanOption
                  key={plan.id}
                  plan={plan}
                  checked={chosen?.id === plan.id}
                  onChoose={() => {
                    setChosenId(plan.id);
                  }}
                />
              ))}
            </fieldset>
            {short ? <p className="h5-library-note">{t`${goldName}不足：还差 ${shortBy}`}</p> : null}
            <Button
              block
              onClick={() => {
                if (chosen === undefined) return;
                if (short) {
                  void router.navigate({ href: rechargeRouteFrom(router.state.location.href) });
                  return;
                }
                setConfirming(true);
              }}
            >
              {short ? t`去充值` : status.isVip ? t`立即续费` : t`立即开通`}
            </Button>
          </section>
        )}
        {chosen === undefined ? null : (
          <ConfirmPurchase
            open={confirming}
            plan={chosen}
            status={status}
            gold={gold}
            busy={buy.isPending}
            onConfirm={() => {
              buy.mutate({ goodId: chosen.id, type, payType: "GOLD" });
            }}
            onCancel={() => {
              setConfirming(false);
            }}
          />
        )}
      </div>
    );
  }

  return (
    <Page title={t`超级会员`} onBack={back}>
      {body}
    </Page>
  );
}

interface MemberState {
  readonly isVip: boolean;
  readonly isPermanent: boolean;
  readonly remainDays: number;
}

/** Permanent, days left, or not a member; and the gold that pays for a plan. */
function MemberStatus({ status, gold }: { readonly status: MemberState; readonly gold: number }) {
  const { t, i18n } = useLingui();
  const remainDays = status.remainDays;
  const goldText = formatAmount(gold);
  const goldName = unitName(i18n, MoneyUnit.gold);
  return (
    <section className="h5-vip-status" aria-label={t`会员状态`}>
      <p className="h5-vip-status__state">
        {status.isPermanent
          ? t`永久会员`
          : status.isVip
            ? t`超级会员，剩余 ${remainDays} 天`
            : t`暂未开通超级会员`}
      </p>
      <p className="h5-vip-status__gold">{t`${goldName}余额 ${goldText}`}</p>
    </section>
  );
}

type MemberPictures = Awaited<ReturnType<PlatformApi["user"]["memberCentrePictures"]>>;
type MemberBenefits = Awaited<ReturnType<PlatformApi["user"]["memberBenefitsConfig"]>>;

/** The member centre's pictures (each a promotion jump) and what membership gives. */
function MemberCentre({
  discount,
  pictures,
  benefits,
}: {
  readonly discount: number | null;
  readonly pictures: MemberPictures | undefined;
  readonly benefits: MemberBenefits | undefined;
}) {
  const { t } = useLingui();
  const jump = usePromotionJump();
  const percent = discountPercent(discount);
  return (
    <>
      {pictures !== undefined && pictures.length > 0 ? (
        <ul className="h5-vip-pictures" aria-label={t`会员活动`}>
          {pictures.map((picture, i) => {
            const number = i + 1;
            return (
              <li key={picture.id}>
                <button
                  type="button"
                  className="h5-vip-pictures__item"
                  onClick={() => {
                    jump(picture);
                  }}
                >
                  <img
                    src={picture.imageUrl}
                    alt={t`会员活动 ${number}`}
                    loading="lazy"
                    width={320}
                    height={120}
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {benefits !== undefined && benefits.length > 0 ? (
        <section className="h5-vip-benefits" aria-label={t`会员权益`}>
          <h2 className="h5-library-heading">{t`会员权益`}</h2>
          <ul>
            {benefits.map((benefit) => (
              <li key={benefit.key}>
                <strong>{benefit.title}</strong>
                <span>{benefit.description}</span>
              </li>
            ))}
          </ul>
          {percent === null ? null : (
            <p className="h5-library-note">{t`会员购买付费视频享 ${percent}% 优惠`}</p>
          )}
        </section>
      ) : null}
    </>
  );
}

/** One plan as a radio: name (and 'recommended'), days or 'permanent', price and the struck original. */
function PlanOption({
  plan,
  checked,
  onChoose,
}: {
  readonly plan: VipPlan;
  readonly checked: boolean;
  readonly onChoose: () => void;
}) {
  const { t } = useLingui();
  const days = plan.days;
  const original =
    plan.originalAmount !== null && plan.originalAmount > plan.amount
      ? formatAmount(plan.originalAmount)
      : null;
  return (
    <label className="h5-library-choice">
      <input type="radio" name="vip-plan" value={plan.id} checked={checked} onChange={onChoose} />
      <span className="h5-library-choice__name">
        {plan.name}
        {plan.recommended ? <span className="h5-library-choice__tag">{t`推荐`}</span> : null}
      </span>
      <span className="h5-library-choice__days">{days === 0 ? t`永久` : t`${days} 天`}</span>
      <span className="h5-library-choice__price">
        {formatAmount(plan.amount)}
        {original === null ? null : <s aria-label={t`原价 ${original}`}>{original}</s>}
      </span>
    </label>
  );
}

/**
 * The confirmation before paying (the shared payment sheet): what the plan adds (days after the
 * current term, or permanent), the price, the gold now and after, and — buying permanent with days
 * left — that those days are not refunded.
 */
function ConfirmPurchase({
  open,
  plan,
  status,
  gold,
  busy,
  onConfirm,
  onCancel,
}: {
  readonly open: boolean;
  readonly plan: VipPlan;
  readonly status: MemberState;
  readonly gold: number;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const name = plan.name;
  const days = plan.days;
  const price = amountIn(i18n, MoneyUnit.gold, plan.amount);
  const forfeits = days === 0 && status.isVip && !status.isPermanent ? status.remainDays : 0;
  return (
    <PaymentConfirmDialog
      open={open}
      title={status.isVip ? t`确认续费` : t`确认开通`}
      confirmLabel={t`确认支付 ${price}`}
      summary={
        days === 0
          ? t`${name}：永久超级会员，支付 ${price}。`
          : status.isVip
            ? t`${name}：在当前会员到期后再增加 ${days} 天，支付 ${price}。`
            : t`${name}：${days} 天超级会员，支付 ${price}。`
      }
      amount={plan.amount}
      balance={gold}
      condition={forfeits > 0 ? t`您当前剩余的 ${forfeits} 天会员不退还。` : undefined}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
