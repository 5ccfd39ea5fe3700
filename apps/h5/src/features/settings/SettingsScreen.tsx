import { useLingui } from "@lingui/react/macro";
import { Theme } from "@platform/domain";
import { Dialog, Icon, languageOptions, useToast } from "@platform/ui";
import { Link } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useState } from "react";
import { themeAtom } from "../../app/state";
import { useApi } from "../../app/useApi";
import { Page } from "../../components/Page";
import { appVersion } from "./appVersion";
import { useClearCaches } from "./clearCache";
import { openCustomerService } from "./customerService";
import { useLanguageSwitch } from "./useLanguageSwitch";
import "./SettingsScreen.css";

/**
 * /mySettings: the interface language (中文 / English, kept in local storage, applied without a
 * reload), the theme (dark / light), the account's other screens, 'clear cache' (asked first),
 * customer service (a new tab) and the app's version.
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
              <Link to="/messages" className="h5-settings__option">
                <span>{t`消息中心`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
            <li>
              <Link to="/messagesettings" className="h5-settings__option">
                <span>{t`消息设置`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
            <li>
              <Link to="/idcard" className="h5-settings__option">
                <span>{t`身份卡`}</span>
                <Icon name="forward" size={18} />
              </Link>
            </li>
          </ul>
        </nav>

        <AppSection />
      </div>
    </Page>
  );
}

/** Clear cache (asked first), customer service, and the version of the app. */
function AppSection() {
  const { t } = useLingui();
  const api = useApi();
  const clearCaches = useClearCaches();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [contacting, setContacting] = useState(false);
  const version = appVersion();

  const clear = async () => {
    setClearing(true);
    try {
      await clearCaches();
      toast.show(t`缓存已清除`, { tone: "success" });
    } finally {
      setClearing(false);
      setConfirming(false);
    }
  };

  const contact = async () => {
    setContacting(true);
    try {
      if (!(await openCustomerService(api))) toast.show(t`客服暂时无法打开，请稍后重试`, { tone: "error" });
    } catch {
      // The client has toasted the failed call.
    } finally {
      setContacting(false);
    }
  };

  return (
    <section className="h5-settings__group" aria-label={t`通用`}>
      <ul className="h5-settings__links">
        <li>
          <button
            type="button"
            className="h5-settings__option h5-settings__button"
            onClick={() => {
              setConfirming(true);
            }}
          >
            <span>{t`清除缓存`}</span>
            <Icon name="forward" size={18} />
          </button>
        </li>
        <li>
          <button
            type="button"
            className="h5-settings__option h5-settings__button"
            aria-busy={contacting}
            disabled={contacting}
            onClick={() => {
              // Not awaited here: on iOS the new tab must open during the tap itself.
              void contact();
            }}
          >
            <span>{t`联系客服`}</span>
            <Icon name="forward" size={18} />
          </button>
        </li>
        <li className="h5-settings__option h5-settings__static">
          <span>{t`当前版本`}</span>
          <span className="h5-settings__value">{version ?? "—"}</span>
        </li>
      </ul>
      <Dialog
        open={confirming}
        title={t`清除缓存`}
        confirmLabel={t`清除`}
        busy={clearing}
        onConfirm={() => {
          void clear();
        }}
        onCancel={() => {
          setConfirming(false);
        }}
      >
        {t`将清除本机缓存的数据（如搜索记录、未发布的视频草稿），不会退出登录。`}
      </Dialog>
    </section>
  );
}
