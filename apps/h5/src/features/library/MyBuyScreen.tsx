import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Page } from "../../components/Page";
import { LibraryList } from "./LibraryList";
import { boughtQueryOptions } from "./queries";
import "./library.css";
import { useApi } from "../../app/useApi";

/** /mybuy: the videos this person bought, newest first; a tap opens one. */
export function MyBuyScreen() {
  const { t } = useLingui();
  const api = useApi();
  const bought = useInfiniteQuery(boughtQueryOptions(api));
  return (
    <Page title={t`我的购买`}>
      <div className="h5-library">
        <LibraryList query={bought} label={t`已购买的视频`} empty={t`还没有购买过视频`} />
      </div>
    </Page>
  );
}
