import { useLingui } from "@lingui/react/macro";
import { resolveInternalLink } from "@platform/domain";
import { EmptyState, Icon, Skeleton, SkeletonGroup, useMessageText, useToast } from "@platform/ui";
import type { IconName } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { hrefOf } from "../../app/links";
import { Page } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { moduleLink } from "./moduleLink";
import type { AppModule } from "./moduleLink";
import { appModulesQueryOptions } from "./queries";
import "./navigation.css";
import { myWorksHref, useOwnId } from "../../app/session/own";
import { useApi } from "../../app/useApi";

/** A plain click (no modifier key, main button): the app navigates itself. */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * '/', the navigation map: the server's modules (`system.appModules`, named in the reader's
 * language), in their order, each going where its link type says (spec §2): a screen of the app,
 * a web address in a new tab, or the toast of a type the app does not support / a missing type.
 * After them, the app's own: post a video, and one's works (the creation centre).
 */
export function NavigationMap() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const errorText = useErrorText();
  const modules = useQuery(appModulesQueryOptions(api, i18n.locale));

  let content;
  if (modules.data === undefined) {
    content = modules.isError ? (
      <RetryState message={errorText(modules.error)} onRetry={() => void modules.refetch()} />
    ) : (
      <SkeletonGroup className="h5-nav-map">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} height={72} radius={12} />
        ))}
      </SkeletonGroup>
    );
  } else if (modules.data.modules.length === 0) {
    content = <EmptyState picture="empty" description={t`暂无可用的模块`} />;
  } else {
    const sorted = [...modules.data.modules].sort((a, b) => a.sort - b.sort);
    content = (
      <ul className="h5-nav-map">
        {sorted.map((module) => (
          <li key={module.id}>
            <ModuleEntry module={module} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page title={t`导航`} header={false} tabs>
      <h1 className="h5-nav-map__title">{t`导航`}</h1>
      {content}
      <CreationLinks />
    </Page>
  );
}

/** The app's own entries after the server's modules: post a video, and one's works. */
function CreationLinks() {
  const { t } = useLingui();
  const router = useRouter();
  const ownId = useOwnId();
  const links: { key: string; href: string; icon: IconName; label: string }[] = [
    { key: "post", href: "/editvideo", icon: "plus", label: t`发布视频` },
    { key: "works", href: myWorksHref(ownId), icon: "play", label: t`我的作品` },
  ];
  return (
    <section className="h5-nav-map__section" aria-labelledby="h5-nav-map-creation">
      <h2 id="h5-nav-map-creation" className="h5-nav-map__heading">
        {t`创作`}
      </h2>
      <ul className="h5-nav-map h5-nav-map--app">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              className="h5-nav-map__link"
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                void router.navigate({ href: link.href });
              }}
            >
              <Icon name={link.icon} size={28} />
              <span>{link.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ModuleEntry({ module }: { readonly module: AppModule }) {
  const router = useRouter();
  const toast = useToast();
  const text = useMessageText();
  const action = resolveInternalLink(moduleLink(module));
  const inside = (
    <>
      {module.iconUrl === null ? null : (
        <img className="h5-nav-map__icon" src={module.iconUrl} alt="" width={32} height={32} />
      )}
      <span>{module.name}</span>
    </>
  );
  switch (action.kind) {
    case "route": {
      const href = hrefOf(action.to, action.search);
      return (
        <a
          href={href}
          className="h5-nav-map__link"
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            void router.navigate({ href });
          }}
        >
          {inside}
        </a>
      );
    }
    case "external":
      return (
        <a
          href={action.url}
          className="h5-nav-map__link"
          {...(action.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        >
          {inside}
        </a>
      );
    case "toast":
      return (
        <button
          type="button"
          className="h5-nav-map__link"
          onClick={() => {
            toast.show(text(action.message));
          }}
        >
          {inside}
        </button>
      );
  }
}
