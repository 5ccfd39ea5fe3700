import { useLingui } from "@lingui/react/macro";
import { ComingSoonPage } from "../../components/ComingSoonPage";

/** Replaced by the home feed (this step's item 5). */
export function HomeScreen() {
  const { t } = useLingui();
  return <ComingSoonPage title={t`首页`} tabs />;
}
