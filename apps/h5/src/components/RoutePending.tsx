import { useLingui } from "@lingui/react/macro";

/**
 * A route whose code or data is still coming after the router's `pendingMs` (1 s; router
 * `defaultPendingComponent`, main.tsx): the wordless page skeleton the prerendered index.html
 * shows (boot/page.ts, boot.css), announced once as loading. Built of the first load's parts only,
 * as RouteError is: it must show before anything more can be fetched.
 */
export function RoutePending() {
  const { t } = useLingui();
  return (
    <main id="main" className="h5-boot h5-boot--route" tabIndex={-1} aria-busy="true">
      <div className="h5-boot__page" role="status" aria-label={t`加载中…`}>
        <div className="h5-boot__header">
          <i className="h5-boot__title" />
        </div>
        <i />
        <i />
        <i className="h5-boot__short" />
      </div>
    </main>
  );
}
