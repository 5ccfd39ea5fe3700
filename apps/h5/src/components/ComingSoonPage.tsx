import { useLingui } from "@lingui/react";
import { productMessages } from "@platform/i18n";
import { EmptyState } from "@platform/ui";
import type { ReactNode } from "react";
import { Page } from "./Page";

/**
 * A screen a later step builds: says so plainly, with the header's back and nothing pretending to
 * work. The README lists which routes are still like this.
 */
export function ComingSoonPage({
  title,
  tabs = false,
}: {
  readonly title: ReactNode;
  readonly tabs?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <Page title={title} tabs={tabs}>
      <EmptyState picture="comingSoon" description={i18n._(productMessages.comingSoon)} />
    </Page>
  );
}
