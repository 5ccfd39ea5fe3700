import { useLingui } from "@lingui/react/macro";
import { Language } from "@platform/domain";
import { useId } from "react";
import "./LanguageSwitch.css";

/** Each language named in itself, so a reader finds theirs whatever is shown now (also /mysettings'). */
export const languageOptions = [
  { value: Language.zhCN, label: "中文", lang: "zh-CN" },
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a language's own name is never translated
  { value: Language.enUS, label: "English", lang: "en-US" },
] as const;

export interface LanguageSwitchProps {
  readonly value: Language;
  readonly onChange: (language: Language) => void;
}

/**
 * Two radios, 中文 and English, as one segmented control (the sign-in sheet's: a visitor who
 * cannot read the language shown finds their own before signing in).
 */
export function LanguageSwitch({ value, onChange }: LanguageSwitchProps) {
  const { t } = useLingui();
  const name = useId();
  return (
    <fieldset className="pf-language-switch">
      <legend className="pf-visually-hidden">{t`语言`}</legend>
      {languageOptions.map((option) => (
        <label key={option.value} className="pf-language-switch__option" lang={option.lang}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => {
              onChange(option.value);
            }}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
