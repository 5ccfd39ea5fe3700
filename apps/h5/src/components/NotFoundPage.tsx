import { Trans, useLingui } from "@lingui/react/macro";
import { productMessages } from "@platform/i18n";
import { Button, EmptyState } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { Page } from "./Page";

/**
 * What an unknown address (a typo, an old link, a channel or page that does not exist) shows: the
 * shared header with its back, a sentence that says so, and a way home.
 */
export function NotFoundPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <Page title={t`页面不存在`}>
      <EmptyState
        picture="notFound"
        description={i18n._(productMessages.pageNotFound)}
        action={
          <Button variant="primary" size="sm" onClick={() => void navigate({ to: "/home" })}>
            <Trans>返回首页</Trans>
          </Button>
        }
      />
    </Page>
  );
}
