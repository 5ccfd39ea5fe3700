import { useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../components/ComingSoonPage";

export const Route = createFileRoute("/addmycollection")({
  component: AddmycollectionPage,
});

function AddmycollectionPage() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`新建收藏夹`} />;
}
