import { useLingui } from "@lingui/react/macro";
import { Button, Icon, IconButton } from "@platform/ui";
import { useId, useRef } from "react";
import { SEARCH_MAX_LENGTH } from "./search";
import { useHeaderBack } from "../../components/Page";

export interface SearchHeaderProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The search button or Enter (the words as typed; the screen decides what an empty one does). */
  readonly onSubmit: (value: string) => void;
  /** The clear button emptied the box (it keeps the focus). */
  readonly onClear: () => void;
  readonly autoFocus?: boolean;
}

/** The header of /search: back, the search box with its clear button, and the search button. */
export function SearchHeader({ value, onChange, onSubmit, onClear, autoFocus = false }: SearchHeaderProps) {
  const { t } = useLingui();
  const back = useHeaderBack();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <header className="h5-search-header">
      <IconButton icon="back" label={t`返回`} onClick={back} />
      <form
        role="search"
        className="h5-search-header__form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(value);
        }}
      >
        <div className="h5-search-header__box">
          <Icon name="search" size={18} className="h5-search-header__icon" />
          <label htmlFor={inputId} className="pf-visually-hidden">
            {t`搜索关键词`}
          </label>
          <input
            ref={input}
            id={inputId}
            className="h5-search-header__input"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            // A search page opens to type into (the keyboard comes up, as people expect here).
            autoFocus={autoFocus}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={t`搜索视频或用户`}
            value={value}
            onChange={(event) => {
              onChange(event.target.value);
            }}
          />
          {value === "" ? null : (
            <button
              type="button"
              className="h5-bare-button h5-search-header__clear"
              aria-label={t`清除`}
              onClick={() => {
                onClear();
                input.current?.focus();
              }}
            >
              <Icon name="close" size={16} />
            </button>
          )}
        </div>
        <Button type="submit" size="sm" className="h5-search-header__submit">
          {t`搜索`}
        </Button>
      </form>
    </header>
  );
}
