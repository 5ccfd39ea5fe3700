import { useLingui } from "@lingui/react/macro";
import { DurationBucket, PriceFilter, SortOrder, TagFilter } from "@platform/domain";
import type { VideoListFilters } from "@platform/domain";
import { Button } from "@platform/ui";
import { useId } from "react";

interface Choice<T extends string> {
  readonly value: T;
  readonly label: string;
}

/** The words of the filters (spec §3), in the order they are offered. */
function useFilterChoices() {
  const { t } = useLingui();
  return {
    price: [
      { value: PriceFilter.all, label: t`全部` },
      { value: PriceFilter.free, label: t`免费` },
      { value: PriceFilter.paid, label: t`付费` },
      { value: PriceFilter.super, label: t`超级会员专享` },
    ],
    sort: [
      { value: SortOrder.default, label: t`默认` },
      { value: SortOrder.recentUpdate, label: t`最近更新` },
      { value: SortOrder.mostPlays, label: t`最多播放` },
    ],
    duration: [
      { value: DurationBucket.all, label: t`全部` },
      { value: DurationBucket.upTo10, label: t`0-10 分钟` },
      { value: DurationBucket.from11To30, label: t`11-30 分钟` },
      { value: DurationBucket.from31To60, label: t`31-60 分钟` },
      { value: DurationBucket.over60, label: t`60 分钟以上` },
    ],
    tag: [
      { value: TagFilter.hot, label: t`热门` },
      { value: TagFilter.selected, label: t`精选` },
    ],
  } satisfies Record<string, readonly Choice<string>[]>;
}

/** One filter as a row of chips that are radio buttons (arrow keys move between them). */
function ChoiceGroup<T extends string>({
  label,
  choices,
  value,
  onChange,
}: {
  readonly label: string;
  readonly choices: readonly Choice<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="h5-filter__group" role="radiogroup" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="h5-filter__legend">
        {label}
      </span>
      <div className="h5-filter__choices">
        {choices.map((choice) => (
          <label key={choice.value} className="h5-chip">
            <input
              type="radio"
              className="h5-chip__input"
              name={id}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => {
                onChange(choice.value);
              }}
            />
            <span className="h5-chip__text">{choice.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

export interface FilterPanelProps {
  readonly id: string;
  readonly filters: VideoListFilters;
  readonly onChange: (filters: VideoListFilters) => void;
  /** Shown when some filter is not at its default. */
  readonly onReset?: () => void;
}

/** Price, sort and duration (spec §3), each a radio group. */
export function FilterPanel({ id, filters, onChange, onReset }: FilterPanelProps) {
  const { t } = useLingui();
  const choices = useFilterChoices();
  return (
    <section id={id} className="h5-filter" aria-label={t`筛选条件`}>
      <ChoiceGroup
        label={t`价格`}
        choices={choices.price}
        value={filters.price}
        onChange={(price) => {
          onChange({ ...filters, price });
        }}
      />
      <ChoiceGroup
        label={t`排序`}
        choices={choices.sort}
        value={filters.sort}
        onChange={(sort) => {
          onChange({ ...filters, sort });
        }}
      />
      <ChoiceGroup
        label={t`时长`}
        choices={choices.duration}
        value={filters.duration}
        onChange={(duration) => {
          onChange({ ...filters, duration });
        }}
      />
      {onReset === undefined ? null : (
        <div className="h5-filter__actions">
          <Button variant="text" size="sm" onClick={onReset}>
            {t`清除筛选`}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The tags (spec §3: hot, selected) as chips; at most one is on, tapping it again turns it off. */
export function TagChips({
  tag,
  onChange,
}: {
  readonly tag: TagFilter | null;
  readonly onChange: (tag: TagFilter | null) => void;
}) {
  const { t } = useLingui();
  const choices = useFilterChoices();
  return (
    <div className="h5-feed__chips" role="group" aria-label={t`标签`}>
      {choices.tag.map((choice) => {
        const on = choice.value === tag;
        return (
          <button
            key={choice.value}
            type="button"
            className="h5-chip h5-chip--button"
            aria-pressed={on}
            onClick={() => {
              onChange(on ? null : choice.value);
            }}
          >
            <span className="h5-chip__text">{choice.label}</span>
          </button>
        );
      })}
    </div>
  );
}

/** Opens and closes the filter panel; says how many filters are on. */
export function FilterToggle({
  open,
  onToggle,
  panelId,
  changed,
}: {
  readonly open: boolean;
  readonly onToggle: () => void;
  readonly panelId: string;
  /** How many of the panel's filters are not at their default. */
  readonly changed: number;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="h5-chip h5-chip--button h5-feed__filter-toggle"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <span className="h5-chip__text">
        {t`筛选`}
        {changed > 0 ? (
          <>
            <span className="h5-feed__filter-count" aria-hidden="true">
              {changed}
            </span>
            <span className="pf-visually-hidden">{t`（已选 ${changed} 项）`}</span>
          </>
        ) : null}
      </span>
    </button>
  );
}
