import { Trans } from "@lingui/react/macro";
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
  return (
    <Page title={title} tabs={tabs}>
      <EmptyState description={<Trans>这个页面正在建设中，即将推出。</Trans>} />
    </Page>
  );
}
