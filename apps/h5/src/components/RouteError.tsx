import { useLingui } from "@lingui/react/macro";
import { Button } from "@platform/ui";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { errorText } from "../app/error-text";
import { isChunkLoadError } from "./chunkLoadError";
import { useOnline, useRetryWhenOnline } from "./Offline";

/**
 * Any route whose code, styles or data failed (router `defaultErrorComponent`): the app's own
 * screen in the reader's language, never the router's developer page. 'Retry' — and the network
 * coming back — loads the route again: `invalidate` asks for its chunks anew (the router forgets a
 * failed lazy import), then the boundary renders it. Built of the first load's parts only (the
 * offline screen's layout, a button): it must show when nothing more can be fetched.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const online = useOnline();
  const retry = () => {
    void router.invalidate().finally(reset);
  };
  useRetryWhenOnline(retry);
  const message = !online
    ? t`网络未连接，连上网络后会自动重试`
    : isChunkLoadError(error)
      ? t`加载失败，请重试`
      : errorText(i18n, error);
  return (
    <main id="main" className="h5-offline" tabIndex={-1}>
      <h1 className="h5-offline__title">{t`加载失败`}</h1>
      <p className="h5-offline__text">{message}</p>
      <Button onClick={retry}>{t`重试`}</Button>
      <Button variant="secondary" size="sm" onClick={() => void navigate({ to: "/home" }).then(reset)}>
        {t`返回首页`}
      </Button>
    </main>
  );
}
