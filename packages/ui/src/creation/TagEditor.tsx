import { useLingui } from "@lingui/react/macro";
import { limits } from "@platform/domain";
import { useId, useState } from "react";
import type { KeyboardEvent, ReactNode } from "react";
import { Button } from "../primitives/Button";
import "../primitives/TextField.css";
import "./TagEditor.css";

export interface TagEditorProps {
  readonly tags: readonly string[];
  readonly onChange: (tags: string[]) => void;
  /** The group's visible name (default 'tags'). */
  readonly label?: ReactNode;
  /** At most this many tags (default the domain's `videoTagsMax`, 10). */
  readonly max?: number;
  /** Each at most this many characters (default the domain's `videoTagMaxLength`, 16). */
  readonly maxLength?: number;
  /** A problem the form found with the tags as a whole. */
  readonly error?: ReactNode;
  readonly disabled?: boolean;
}

/** Characters as people count them (one Chinese character is one), as the domain's rules do. */
function lengthOf(text: string): number {
  return Array.from(text).length;
}

/** Typed words as tags: split at commas (Chinese ones too), '#' dropped, spaces trimmed. */
function tagsOf(input: string): string[] {
  return input
    .split(/[,，、]/)
    .map((word) => word.replace(/^#+/, "").trim())
    .filter((word) => word !== "");
}

/**
 * A video's tags as chips: each with a remove button; a box to add more (Enter, a comma or the add
 * button). At most `max` tags of at most `maxLength` characters each, no tag twice: a word that
 * breaks a rule stays in the box with the rule under it, never cut.
 */
export function TagEditor({
  tags,
  onChange,
  label,
  max = limits.videoTagsMax,
  maxLength = limits.videoTagMaxLength,
  error,
  disabled = false,
}: TagEditorProps) {
  const { t } = useLingui();
  const inputId = useId();
  const labelId = useId();
  const problemId = useId();
  const countId = useId();
  const [draft, setDraft] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const full = tags.length >= max;
  const count = tags.length;

  const tooLong = tagsOf(draft).some((word) => lengthOf(word) > maxLength);
  const problem = tooLong ? t`每个标签最多 ${maxLength} 个字` : refusal;

  const add = () => {
    const words = tagsOf(draft);
    if (words.length === 0) return;
    if (words.some((word) => lengthOf(word) > maxLength)) return;
    const next = [...tags];
    for (const word of words) {
      if (next.includes(word)) {
        setRefusal(t`已经有这个标签了`);
        return;
      }
      if (next.length >= max) {
        setRefusal(t`最多 ${max} 个标签`);
        return;
      }
      next.push(word);
    }
    setRefusal(null);
    setDraft("");
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      // Enter adds the tag; it never submits the form around it.
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && draft === "" && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  return (
    <div
      className={`pf-tags${hasError || problem !== null ? " pf-tags--error" : ""}`}
      role="group"
      aria-labelledby={labelId}
    >
      <div className="pf-tags__top">
        <span id={labelId} className="pf-tags__label">
          {label ?? t`标签`}
        </span>
        <span id={countId} className="pf-tags__count">
          <span aria-hidden="true">
            {count}/{max}
          </span>
          <span className="pf-visually-hidden">{t`已添加 ${count} 个标签，最多 ${max} 个`}</span>
        </span>
      </div>
      {tags.length > 0 ? (
        <ul className="pf-plain-list pf-tags__list" aria-label={t`已添加的标签`}>
          {tags.map((tag) => (
            <li key={tag} className="pf-tags__chip">
              <span className="pf-tags__text">#{tag}</span>
              <button
                type="button"
                className="pf-bare-button pf-tags__remove"
                aria-label={t`删除标签 ${tag}`}
                disabled={disabled}
                onClick={() => {
                  setRefusal(null);
                  onChange(tags.filter((other) => other !== tag));
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="pf-tags__add">
        <label htmlFor={inputId} className="pf-visually-hidden">
          {t`添加标签`}
        </label>
        <div className="pf-text-field__box pf-tags__box">
          <input
            id={inputId}
            className="pf-text-field__input"
            value={draft}
            disabled={disabled || full}
            placeholder={full ? t`标签已满` : t`输入标签，按回车添加`}
            enterKeyHint="done"
            aria-invalid={problem !== null || undefined}
            aria-describedby={`${problem !== null || hasError ? `${problemId} ` : ""}${countId}`}
            onChange={(event) => {
              setRefusal(null);
              const value = event.target.value;
              // A comma typed at the end adds what came before it.
              if (/[,，、]$/.test(value)) {
                setDraft(value);
                const words = tagsOf(value);
                if (words.length > 0 && words.every((word) => lengthOf(word) <= maxLength)) {
                  const next = [...tags];
                  for (const word of words) if (!next.includes(word) && next.length < max) next.push(word);
                  setDraft("");
                  onChange(next);
                }
                return;
              }
              setDraft(value);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || full || draft.trim() === "" || tooLong}
          onClick={add}
        >
          {t`添加`}
        </Button>
      </div>
      {problem !== null || hasError ? (
        <p id={problemId} className="pf-tags__error" role="alert">
          {problem ?? error}
        </p>
      ) : full ? (
        <p className="pf-tags__hint">{t`最多 ${max} 个标签`}</p>
      ) : null}
    </div>
  );
}
