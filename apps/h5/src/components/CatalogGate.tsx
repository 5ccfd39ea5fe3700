import { useLingui } from "@lingui/react";
import { hasCatalog, loadCatalog } from "@platform/i18n";
import type { LateCatalog } from "@platform/i18n";
import { Skeleton, SkeletonGroup } from "@platform/ui";
import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import { LoadFailed } from "./LoadFailed";

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
  // A catalog that did not arrive (offline): said, with a retry, never a placeholder for good.
  const [failed, setFailed] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!ready)
      loadCatalog(i18n, name).catch((error: unknown) => {
        setFailed(error ?? new Error("catalog"));
      });
  }, [ready, i18n, locale, name, attempt]);
  if (ready) return children;
  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  if (fallback !== undefined && failed === null) return fallback;
  return (
    <div className="h5-page">
      <main id="main" className="h5-main" tabIndex={-1}>
        {failed !== null ? (
          <LoadFailed error={failed} onRetry={retry} />
        ) : (
          <SkeletonGroup>
            <Skeleton height={120} radius={12} />
            <Skeleton height={64} radius={12} />
          </SkeletonGroup>
        )}
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
