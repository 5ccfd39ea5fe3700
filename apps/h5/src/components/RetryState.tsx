import { useLingui } from "@lingui/react/macro";
import { Button, EmptyState } from "@platform/ui";
import { useRetryWhenOnline } from "./Offline";

/**
 * A load failed: what went wrong, and a button to try again — which also happens by itself when
 * the network comes back (every list and screen that loads from the server shows this).
 */
export function RetryState({
  message,
  onRetry,
  compact,
}: {
  readonly message: string;
  readonly onRetry: () => void;
  /** Inside a section rather than filling the page. */
  readonly compact?: boolean;
}) {
  const { t } = useLingui();
  useRetryWhenOnline(onRetry);
  return (
    <EmptyState
      picture="error"
      compact={compact}
      description={message}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t`重试`}
        </Button>
      }
    />
  );
}
