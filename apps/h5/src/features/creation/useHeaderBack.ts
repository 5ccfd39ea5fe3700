import { headerBackTarget } from "@platform/domain";
import { useCanGoBack, useLocation, useRouter } from "@tanstack/react-router";

/** The shared header's back (spec §2): where the spec says, else the previous route, else home. */
export function useHeaderBack(): () => void {
  const location = useLocation();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return () => {
    const target = headerBackTarget(location.pathname, location.search);
    if (target.kind === "path") void router.navigate({ href: target.to });
    else if (canGoBack) router.history.back();
    else void router.navigate({ to: target.fallback });
  };
}
