import { useLingui } from "@lingui/react/macro";
import { messageKinds } from "@platform/domain";
import { Icon, Skeleton, SkeletonGroup, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { messageSettingsQueryOptions, useSaveMessageSettingMutation } from "./queries/messages";
import { useMessageKindWords } from "./messageText";
import "./messages.css";
import "./security.css";
import { useApi } from "../../app/useApi";

/**
 * /messagesettings: one switch per kind of message with its label and a one-line description. A
 * change shows at once and is saved at once; when the save fails the switch goes back and a toast
 * says so.
 */
export function MessageSettingsScreen() {
  const { t } = useLingui();
  const api = useApi();
  const toast = useToast();
  const errorText = useErrorText();
  const words = useMessageKindWords();
  const settings = useQuery(messageSettingsQueryOptions(api));
  const idPrefix = useId();

  // Shown at once; refused, only this kind goes back (the hook), and a toast says so.
  const save = useSaveMessageSettingMutation({
    onError: () => {
      toast.show(t`保存失败，已恢复原设置`, { tone: "error" });
    },
  });

  let content;
  if (settings.data === undefined) {
    content = settings.isError ? (
      <RetryState message={errorText(settings.error)} onRetry={() => void settings.refetch()} compact />
    ) : (
      <SkeletonGroup className="h5-message-settings__loading">
        {messageKinds.map((kind) => (
          <Skeleton key={kind} height={56} radius={12} />
        ))}
      </SkeletonGroup>
    );
  } else {
    const enabledOf = new Map(settings.data.kinds.map((k) => [k.kind, k.enabled]));
    content = (
      <ul className="h5-account-rows" aria-label={t`接收的消息`}>
        {messageKinds.map((kind) => {
          const { label, description } = words(kind);
          const labelId = `${idPrefix}-${kind}-label`;
          const describedBy = `${idPrefix}-${kind}-description`;
          return (
            <li key={kind}>
              <label className="h5-message-settings__row">
                <span className="h5-message-settings__text">
                  <span id={labelId} className="h5-message-settings__label">
                    {label}
                  </span>
                  <span id={describedBy} className="h5-message-settings__description">
                    {description}
                  </span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  className="h5-switch"
                  aria-labelledby={labelId}
                  aria-describedby={describedBy}
                  checked={enabledOf.get(kind) ?? true}
                  onChange={(event) => {
                    save.mutate({ kind, enabled: event.target.checked });
                  }}
                />
              </label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Page title={t`消息设置`}>
      <div className="h5-message-settings">
        {content}
        <Link to="/messages" className="h5-message-settings__link">
          <span>{t`消息中心`}</span>
          <Icon name="forward" size={18} />
        </Link>
      </div>
    </Page>
  );
}
