import { useLingui } from "@lingui/react/macro";
import { useErrorText } from "../app/errors";

/** What a detail shows until its data comes: the refusal in place, or "loading". */
export function Waiting({
  query,
}: {
  readonly query: { readonly isError: boolean; readonly error: unknown };
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  return query.isError ? (
    <p className="ad-error" role="alert">
      {errorText(query.error)}
    </p>
  ) : (
    <p className="ad-muted" role="status">
      {t`加载中…`}
    </p>
  );
}
