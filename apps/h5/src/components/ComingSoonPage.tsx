import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { productMessages } from "@platform/i18n";
import { EmptyState } from "@platform/ui";
import { Page } from "./Page";

/**
 * A screen a later step builds: says so plainly, with the header's back and nothing pretending to
 * work. The README lists which routes are still like this.
 */
export function ComingSoonPage({
  title,
  tabs = false,
}: {
  readonly title: MessageDescriptor;
  readonly tabs?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <Page title={i18n._(title)} tabs={tabs}>
      <EmptyState picture="comingSoon" description={i18n._(productMessages.comingSoon)} />
    </Page>
  );
}
