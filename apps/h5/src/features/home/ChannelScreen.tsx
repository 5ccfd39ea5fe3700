import { useLingui } from "@lingui/react/macro";
import { ComingSoonPage } from "../../components/ComingSoonPage";

/** Replaced by the public channel feed (this step's item 5). */
export function ChannelScreen({ channelTagId }: { readonly channelTagId: string }) {
  const { t } = useLingui();
  return <ComingSoonPage title={t`频道 ${channelTagId}`} tabs />;
}
