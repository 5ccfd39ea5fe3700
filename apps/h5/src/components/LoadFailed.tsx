import { useLingui } from "@lingui/react/macro";
import { isChunkLoadError } from "./chunkLoadError";
import { RetryState } from "./RetryState";
import { useOnline } from "./Offline";
import { useErrorText } from "./useErrorText";

/**
 * Something a screen needed could not load (its list, its code, its words): what happened, in the
 * reader's language — offline, that the network is missing and the retry is automatic — with a
 * retry; `onRetry` also runs by itself when the network comes back (RetryState).
 */
export function LoadFailed({
  error,
  onRetry,
  compact,
}: {
  readonly error?: unknown;
  readonly onRetry: () => void;
  readonly compact?: boolean;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const online = useOnline();
  const message = !online
    ? t`网络未连接，连上网络后会自动重试`
    : error === undefined || isChunkLoadError(error)
      ? t`加载失败，请重试`
      : errorText(error);
  return <RetryState compact={compact} message={message} onRetry={onRetry} />;
}
