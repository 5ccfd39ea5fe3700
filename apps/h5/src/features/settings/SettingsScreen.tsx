import { useLingui } from "@lingui/react/macro";
import { Language, Theme } from "@platform/domain";
import { Icon } from "@platform/ui";
import { Link } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { themeAtom } from "../../app/state";
import { Page } from "../../components/Page";
import { useLanguageSwitch } from "./useLanguageSwitch";
import "./SettingsScreen.css";

/** Each language is named in itself, whatever the interface language is. */
const languageOptions = [
  { value: Language.zhCN, label: "中文", lang: "zh-CN" },
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a language's own name is never translated
  { value: Language.enUS, label: "English", lang: "en-US" },
] as const;

/**
 * /mySettings: the interface language (中文 / English, kept in local storage, applied without a
 * reload), the theme (dark / light), and the account's other settings screens.
 */
export function SettingsScreen() {
  const { t } = useLingui();
  const { language, switchLanguage } = useLanguageSwitch();
  const [theme, setTheme] = useAtom(themeAtom);

  const themeOptions = [
    { value: Theme.dark, label: t`深色` },
    { value: Theme.light, label: t`浅色` },
  ];

  return (
    <Page title={t`设置`}>
      <div className="h5-settings">
        <fieldset className="h5-settings__group">
          <legend className="h5-settings__legend">{t`语言`}</legend>
          {languageOptions.map((option) => (
            <label key={option.value} className="h5-settings__option">
              <span lang={option.lang}>{option.label}</span>
              <input
                type="radio"
                name="language"
                value={option.value}
                checked={language === option.value}
                onChange={() => {
                  void switchLanguage(option.value);
                }}
              />
            </label>
          ))}
        </fieldset>

        <fieldset className="h5-settings__group">
          <legend className="h5-settings__legend">{t`主题`}</legend>
          {themeOptions.map((option) => (
            <label key={option.value} className="h5-settings__option">
              <span>{option.label}</span>
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={theme === option.value}
                onChange={() => {
                  setTheme(option.value);
                }}
              />
            </label>
          ))}
        </fieldset>

        <nav className="h5-settings__group" aria-label={t`账号设置`}>
          <ul className="h5-settings__links">
            <li>
              <Link to="/editprofile" className="h5-settings__option">
                <span>{t`编辑资料`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
            <li>
              <Link to="/accountsecuritysettings" className="h5-settings__option">
                <span>{t`账号与安全`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
            <li>
              <Link to="/messagesettings" className="h5-settings__option">
                <span>{t`消息设置`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </Page>
  );
}
