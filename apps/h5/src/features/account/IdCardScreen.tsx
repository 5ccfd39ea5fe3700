import { useLingui } from "@lingui/react/macro";
import { Button, Dialog, Skeleton, SkeletonGroup, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useApi } from "../../app/useApi";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { identityCardFileName, identityCardImage, useQrImage } from "./idCard";
import { identityCardQueryOptions, useRegenerateIdCardMutation } from "./queries/account";
import "./idcard.css";

/**
 * /idcard: the person's identity card, a QR code that signs in as them on another device (its
 * login page's 'scan' or 'choose from album', or /scanidcard). Shown as a PNG (spec §9) with the
 * time it was made; saved as an image; made anew after a warning (the old one stops working at
 * once).
 */
export function IdCardScreen() {
  const { t } = useLingui();
  const api = useApi();
  const errorText = useErrorText();
  const toast = useToast();
  const card = useQuery(identityCardQueryOptions(api));
  const { image, redraw } = useQrImage(card.data?.qrContent);
  const [confirming, setConfirming] = useState(false);
  const leadId = useId();
  // The screen shows the card answered (the hook stores it).
  const regenerate = useRegenerateIdCardMutation({
    onSuccess: () => {
      setConfirming(false);
      toast.show(t`已生成新的身份卡，旧身份卡已失效`, { tone: "success" });
    },
    // The client has said why (a toast); the old card still works.
    onError: () => {
      setConfirming(false);
    },
  });
  const title = t`我的身份卡`;

  if (card.isError && card.data === undefined) {
    return (
      <Page title={title}>
        <RetryState message={errorText(card.error)} onRetry={() => void card.refetch()} />
      </Page>
    );
  }
  if (card.data === undefined) {
    return (
      <Page title={title}>
        <div className="h5-idcard" aria-busy="true">
          <SkeletonGroup label={t`身份卡加载中`}>
            <Skeleton height={360} radius={12} />
          </SkeletonGroup>
        </div>
      </Page>
    );
  }

  const createTime = card.data.createTime;
  const size = identityCardImage.width;
  return (
    <Page title={title}>
      <div className="h5-idcard">
        <section className="h5-idcard__card" aria-describedby={leadId}>
          <p id={leadId} className="h5-idcard__lead">
            {t`在另一台设备上登录时，在登录页选择“扫描身份卡二维码”或“从相册选择”，扫描或选择这张二维码，即可直接登录本账号，无需手机号和密码。`}
          </p>
          <div className="h5-idcard__qr">
            {image.state === "ready" ? (
              <img src={image.url} alt={t`身份卡二维码`} width={size} height={size} />
            ) : image.state === "failed" ? (
              <RetryState compact message={t`二维码生成失败`} onRetry={redraw} />
            ) : (
              <Skeleton width={size} height={size} radius={8} />
            )}
          </div>
          <p className="h5-idcard__time">{t`生成时间：${createTime}`}</p>
          <p className="h5-idcard__warning">
            {t`请像密码一样保管它：拿到这张二维码的人都能登录你的账号。如果它可能已泄露，请立即重新生成。`}
          </p>
          <div className="h5-idcard__actions">
            {image.state === "ready" ? (
              <a
                className="pf-button pf-button--primary pf-button--md pf-button--block"
                href={image.fileUrl}
                download={identityCardFileName}
              >
                {t`保存图片`}
              </a>
            ) : (
              <Button block disabled>
                {t`保存图片`}
              </Button>
            )}
            <Button
              variant="secondary"
              block
              onClick={() => {
                setConfirming(true);
              }}
            >
              {t`重新生成`}
            </Button>
          </div>
          <p className="h5-idcard__note">{t`手机上也可以长按二维码，把它保存到相册。`}</p>
        </section>
      </div>
      <Dialog
        open={confirming}
        tone="danger"
        title={t`重新生成身份卡？`}
        confirmLabel={t`重新生成`}
        busy={regenerate.isPending}
        onConfirm={() => {
          regenerate.mutate();
        }}
        onCancel={() => {
          setConfirming(false);
        }}
      >
        {t`旧的身份卡会立即失效：已保存或分享出去的旧二维码都不能再用来登录。`}
      </Dialog>
    </Page>
  );
}
