import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/game")({
  component: GamePage,
});

function GamePage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`游戏`} tabs />;
}
