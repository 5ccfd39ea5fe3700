import { useLingui } from "@lingui/react/macro";
import { useLingui as useI18n } from "@lingui/react";
import { mayDo } from "@platform/api-client/admin";
import type { Permission } from "@platform/api-client/admin";
import { Language } from "@platform/domain";
import { activateLanguage, loadCatalog, loadServerMessages } from "@platform/i18n";
import { useQueryClient } from "@tanstack/react-query";
import { Link, Outlet } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useEffect, useState } from "react";
import { SignIn } from "../areas/SignIn";
import { operatorAtom, useClient } from "./context";

/**
 * The console's frame: signing in when no operator is signed in; else the areas the role reaches
 * down the side, the operator and their role, the language and signing out at the top.
 */
export function Shell() {
  const { t } = useLingui();
  const client = useClient();
  const [operator, setOperator] = useAtom(operatorAtom);
  const [checking, setChecking] = useState(() => client.signedIn());
  // A reload keeps the tab's session: who is it (a 401 ends it and shows the sign-in).
  useEffect(() => {
    if (!checking) return;
    client.call("auth.me", {}).then(
      (me) => {
        setOperator(me.operator);
        setChecking(false);
      },
      () => {
        setChecking(false);
      },
    );
  }, [checking, client, setOperator]);
  if (checking) return <p className="ad-muted ad-center">{t`正在确认登录…`}</p>;
  if (operator === null) return <SignIn />;
  const areas: { to: string; label: string; permission: Permission }[] = [
    { to: "/", label: t`概览`, permission: "dashboard" },
    { to: "/review", label: t`审核`, permission: "review" },
    { to: "/reports", label: t`举报`, permission: "reports" },
    { to: "/people", label: t`用户`, permission: "peopleRead" },
    { to: "/money", label: t`资金`, permission: "moneyRead" },
    { to: "/live", label: t`直播`, permission: "live" },
    { to: "/audit", label: t`审计日志`, permission: "audit" },
  ];
  const roles = { reviewer: t`审核员`, support: t`客服`, finance: t`财务`, admin: t`管理员` };
  return (
    <div className="ad-shell">
      <header className="ad-top">
        <strong className="ad-brand">{t`Platform H5 运营后台`}</strong>
        <span className="ad-who">
          {operator.name} · {roles[operator.role]}
        </span>
        <LanguageSwitch />
        <SignOut />
      </header>
      <nav className="ad-nav" aria-label={t`功能区`}>
        <ul>
          {areas
            .filter((area) => mayDo(operator.role, area.permission))
            .map((area) => (
              <li key={area.to}>
                <Link
                  to={area.to}
                  activeOptions={{ exact: area.to === "/" }}
                  activeProps={{ "aria-current": "page" }}
                >
                  {area.label}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <main className="ad-main" id="main">
        <Outlet />
      </main>
    </div>
  );
}

function LanguageSwitch() {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const english = i18n.locale === "en-US";
  return (
    <button
      type="button"
      className="ad-button"
      lang={english ? "zh-CN" : "en"}
      onClick={() => {
        void activateLanguage(i18n, english ? Language.zhCN : Language.enUS).then(() =>
          Promise.all([loadCatalog(i18n, "admin"), loadServerMessages(i18n)]),
        );
      }}
    >
      {/* Each language's own name, in that language: never translated. */}
      {/* eslint-disable-next-line lingui/no-unlocalized-strings */}
      {english ? "中文" : "English"}
      <span className="pf-visually-hidden">{t`切换语言`}</span>
    </button>
  );
}

function SignOut() {
  const { t } = useLingui();
  const client = useClient();
  const queries = useQueryClient();
  const [, setOperator] = useAtom(operatorAtom);
  return (
    <button
      type="button"
      className="ad-button"
      onClick={() => {
        void client.signOut().then(() => {
          queries.clear();
          setOperator(null);
        });
      }}
    >
      {t`退出登录`}
    </button>
  );
}
