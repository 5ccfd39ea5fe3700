import { useLingui } from "@lingui/react/macro";
import { WatchLevel, formatAmount, watchLevels } from "@platform/domain";
import { TextField } from "@platform/ui";
import { useId } from "react";
import type { ReactNode } from "react";
import { previewChoices } from "./form";
import type { CreationConfig, PostingForm, PriceProblem } from "./form";
import { MoneyUnit, amountIn, unitName } from "@platform/i18n";

/** A preview length as people read it: "15 秒", "2 分钟" / "15 s", "2 min". */
function usePreviewText(): (ms: number) => string {
  const { t } = useLingui();
  return (ms) => {
    const seconds = Math.round(ms / 1000);
    const minutes = seconds / 60;
    return seconds >= 60 && Number.isInteger(minutes) ? t`${minutes} 分钟` : t`${seconds} 秒`;
  };
}

/**
 * Who may watch the video: free, super members, or pay per view — the price in yuan with two
 * decimals within the server's bounds, and the preview others get (within its bound) for the two
 * locked levels, shorter than the video — and whether it may be downloaded.
 */
export function AccessFields({
  form,
  config,
  lengthMs,
  priceProblem,
  priceId,
  onChange,
}: {
  readonly form: PostingForm;
  readonly config: CreationConfig;
  /** The video's length when known: only previews shorter than it are offered. */
  readonly lengthMs: number | null;
  readonly priceProblem: PriceProblem | null;
  readonly priceId: string;
  readonly onChange: (change: Partial<PostingForm>) => void;
}) {
  const { t, i18n } = useLingui();
  const previewText = usePreviewText();
  const previewId = useId();
  const downloadId = useId();
  const levelNames: Record<WatchLevel, { label: string; detail: string }> = {
    [WatchLevel.FREE]: { label: t`免费`, detail: t`所有人都能完整观看` },
    [WatchLevel.SVIP]: { label: t`超级会员专享`, detail: t`超级会员完整观看，其他人可试看` },
    [WatchLevel.CHARGE]: { label: t`付费`, detail: t`购买后完整观看，其他人可试看` },
  };
  // A video is paid for in gold (units.ts): its price is written in gold, not yuan.
  const goldName = unitName(i18n, MoneyUnit.gold);
  const min = formatAmount(config.priceMin);
  const max = formatAmount(config.priceMax);
  const minGold = amountIn(i18n, MoneyUnit.gold, config.priceMin);
  const maxGold = amountIn(i18n, MoneyUnit.gold, config.priceMax);
  let priceError: ReactNode = undefined;
  if (priceProblem?.kind === "required") priceError = t`请输入价格`;
  else if (priceProblem?.kind === "format") priceError = t`价格最多两位小数，例如 12.50`;
  else if (priceProblem?.kind === "range") priceError = t`价格须在 ${minGold} 至 ${maxGold} 之间`;
  const locked = form.watchLevel !== WatchLevel.FREE;

  return (
    <>
      <fieldset className="h5-fieldset">
        <legend className="h5-posting-label">{t`谁可以观看`}</legend>
        {watchLevels.map((level) => (
          <label key={level} className="h5-posting-level">
            <input
              type="radio"
              name="watchLevel"
              value={level}
              checked={form.watchLevel === level}
              onChange={() => {
                onChange({ watchLevel: level });
              }}
            />
            <span className="h5-posting-level__text">
              <span className="h5-posting-level__name">{levelNames[level].label}</span>
              <span className="h5-posting-level__detail">{levelNames[level].detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {form.watchLevel === WatchLevel.CHARGE ? (
        <TextField
          id={priceId}
          label={t`价格（${goldName}）`}
          value={form.price}
          inputMode="decimal"
          placeholder={`${min} - ${max}`}
          hint={t`${minGold} 至 ${maxGold}，最多两位小数`}
          error={priceError}
          onChange={(price) => {
            onChange({ price });
          }}
        />
      ) : null}
      {locked ? (
        <div className="h5-posting-field">
          <label htmlFor={previewId} className="h5-posting-label">
            {t`试看时长`}
          </label>
          <select
            id={previewId}
            className="h5-posting-select"
            value={form.freeTimeMs}
            onChange={(event) => {
              onChange({ freeTimeMs: Number(event.currentTarget.value) });
            }}
          >
            {previewChoices(config, form.freeTimeMs, lengthMs).map((ms) => (
              <option key={ms} value={ms}>
                {previewText(ms)}
              </option>
            ))}
          </select>
          <p className="h5-posting-hint">
            {form.watchLevel === WatchLevel.SVIP
              ? t`不是超级会员的观众可以先看这么长。`
              : t`没有购买的观众可以先看这么长。`}
          </p>
        </div>
      ) : null}
      <label htmlFor={downloadId} className="h5-posting-check">
        <input
          id={downloadId}
          type="checkbox"
          checked={form.allowDownload}
          onChange={(event) => {
            onChange({ allowDownload: event.currentTarget.checked });
          }}
        />
        <span>{t`允许下载`}</span>
      </label>
    </>
  );
}
