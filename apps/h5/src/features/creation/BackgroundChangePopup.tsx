import { Trans, useLingui } from "@lingui/react/macro";
import { BottomPopup, Button, Spinner } from "@platform/ui";
import type { BackgroundChange } from "./useBackgroundChange";

/**
 * The progress of a background change: the upload's percentage with cancel, then 'saving', or
 * why it failed (the old background stays).
 */
export function BackgroundChangePopup({
  state,
  onCancel,
  onDismiss,
}: {
  readonly state: BackgroundChange;
  readonly onCancel: () => void;
  readonly onDismiss: () => void;
}) {
  const { t } = useLingui();
  const percent = state.phase === "uploading" ? Math.round(state.fraction * 100) : 0;
  const onClose =
    state.phase === "uploading" ? onCancel : state.phase === "failed" ? onDismiss : () => undefined;
  return (
    <BottomPopup open={state.phase !== "idle"} onClose={onClose} title={t`更换背景`} closable={false}>
      {state.phase === "uploading" ? (
        <div className="h5-bg-change">
          <progress className="h5-bg-change__bar" max={100} value={percent} aria-label={t`上传进度`} />
          <p className="h5-bg-change__text">
            <Trans>正在上传 {percent}%</Trans>
          </p>
          <Button variant="secondary" block onClick={onCancel}>
            <Trans>取消上传</Trans>
          </Button>
        </div>
      ) : state.phase === "saving" ? (
        <div className="h5-bg-change" role="status">
          <p className="h5-bg-change__text">
            <Spinner size={16} /> <Trans>正在保存…</Trans>
          </p>
        </div>
      ) : state.phase === "failed" ? (
        <div className="h5-bg-change">
          <div role="alert" className="h5-bg-change__error">
            <p>
              <Trans>背景更换失败，原背景未改变。</Trans>
            </p>
            <p className="h5-bg-change__reason">{state.reason}</p>
          </div>
          <Button block onClick={onDismiss}>
            <Trans>知道了</Trans>
          </Button>
        </div>
      ) : null}
    </BottomPopup>
  );
}
