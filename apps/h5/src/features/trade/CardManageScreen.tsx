import { useLingui } from "@lingui/react/macro";
import { productMessages } from "@platform/i18n";
import { Button, Dialog, EmptyState, Skeleton, SkeletonGroup, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { cardsQueryOptions, useMakeCardCurrentMutation, useRemoveCardMutation } from "./queries/cards";
import type { BankCard } from "./queries/cards";
import { useRefusals } from "./refusals";
import { CardSummary } from "./CardSummary";
import "./TradeCard.css";
import "./trade.css";
import { useApi } from "../../app/useApi";

/**
 * /cardmanage: the bank cards (masked number, holder, bank, 'current' on the one withdrawals go
 * to), making another one current, removing one (after a confirmation), and adding one.
 */
export function CardManageScreen() {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const toast = useToast();
  const refusals = useRefusals();
  const api = useApi();
  const cards = useQuery(cardsQueryOptions(api));
  const [removing, setRemoving] = useState<BankCard | null>(null);

  const makeCurrent = useMakeCardCurrentMutation({
    onSuccess: () => {
      toast.show(t`已设为当前银行卡`, { tone: "success" });
    },
    onError: (error) => {
      refusals.toast(error);
    },
  });
  const remove = useRemoveCardMutation({
    onSuccess: () => {
      setRemoving(null);
      toast.show(i18n._(productMessages.deleteSuccess), { tone: "success" });
    },
    onError: (error) => {
      refusals.toast(error);
    },
  });

  const addLink = (
    <Link to="/addbankcard" className="pf-button pf-button--primary pf-button--sm">
      {t`添加银行卡`}
    </Link>
  );

  let body;
  if (cards.data === undefined) {
    body = cards.isError ? (
      <RetryState message={errorText(cards.error)} onRetry={() => void cards.refetch()} />
    ) : (
      <SkeletonGroup label={t`银行卡加载中`} className="h5-trade-card">
        <Skeleton height={64} radius={12} />
        <Skeleton height={64} radius={12} />
      </SkeletonGroup>
    );
  } else if (cards.data.length === 0) {
    body = <EmptyState picture="empty" description={t`还没有添加银行卡`} action={addLink} />;
  } else {
    body = (
      <>
        <ul className="h5-cards" aria-label={t`我的银行卡`}>
          {cards.data.map((card) => {
            const summary = `${card.bankName} ${card.cardNumber}`;
            return (
              <li key={card.id} className="h5-cards__item">
                <div className="h5-cards__info">
                  <CardSummary card={card} />
                  {card.isPrimary ? <span className="h5-trade-badge">{t`当前`}</span> : null}
                </div>
                <div className="h5-actions">
                  {card.isPrimary ? null : (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={makeCurrent.isPending && makeCurrent.variables === card.id}
                      disabled={makeCurrent.isPending}
                      aria-label={t`将 ${summary} 设为当前银行卡`}
                      onClick={() => {
                        makeCurrent.mutate(card.id);
                      }}
                    >
                      {t`设为当前`}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="text"
                    aria-label={t`删除 ${summary}`}
                    onClick={() => {
                      setRemoving(card);
                    }}
                  >
                    {t`删除`}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <div className="h5-trade-links">{addLink}</div>
      </>
    );
  }

  const removingSummary = removing === null ? "" : `${removing.bankName} ${removing.cardNumber}`;
  return (
    <Page title={t`银行卡管理`}>
      <div className="h5-trade">{body}</div>
      <Dialog
        open={removing !== null}
        title={t`删除银行卡`}
        tone="danger"
        confirmLabel={t`删除`}
        busy={remove.isPending}
        onCancel={() => {
          setRemoving(null);
        }}
        onConfirm={() => {
          if (removing !== null) remove.mutate(removing.id);
        }}
      >
        {t`确定删除 ${removingSummary} 吗？`}
      </Dialog>
    </Page>
  );
}
