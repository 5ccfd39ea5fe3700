import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/messagesettings")({
  component: MessagesettingsPage,
});

function MessagesettingsPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`消息设置`} />;
}
