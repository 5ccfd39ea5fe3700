import { useLingui } from "@lingui/react";
import { hasCatalog, loadCatalog } from "@platform/i18n";
import type { LateCatalog } from "@platform/i18n";
import { Skeleton, SkeletonGroup } from "@platform/ui";
import { useEffect } from "react";
import type { ReactNode } from "react";

/**
 * Screens whose words are a late catalog (`@platform/i18n`'s `loadCatalog`: the money screens)
 * render once it is loaded for the active language — after a language switch too — and a loading
 * placeholder until then (its label is the first-load catalog's).
 */
export function CatalogGate({
  name,
  fallback,
  children,
}: {
  readonly name: LateCatalog;
  /** What shows meanwhile instead of a page's placeholder (a part of a page gated on its own). */
  readonly fallback?: ReactNode;
  readonly children: ReactNode;
}) {
  const { i18n } = useLingui();
  const ready = hasCatalog(i18n, name);
  const locale = i18n.locale;
  useEffect(() => {
    if (!ready) void loadCatalog(i18n, name);
  }, [ready, i18n, locale, name]);
  if (ready) return children;
  if (fallback !== undefined) return fallback;
  return (
    <div className="h5-page">
      <main id="main" className="h5-main" tabIndex={-1}>
        <SkeletonGroup>
          <Skeleton height={120} radius={12} />
          <Skeleton height={64} radius={12} />
        </SkeletonGroup>
      </main>
    </div>
  );
}

/** A screen shown once a late catalog of the active language is there (its route component). */
export function withCatalog(name: LateCatalog, Screen: () => ReactNode): () => ReactNode {
  const Gated = () => (
    <CatalogGate name={name}>
      <Screen />
    </CatalogGate>
  );
  return Gated;
}
