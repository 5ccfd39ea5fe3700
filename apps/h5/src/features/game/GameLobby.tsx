import { useLingui } from "@lingui/react/macro";
import { EmptyState, Skeleton, SkeletonGroup, Spinner, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { usePromotionJump } from "../../app/links";
import { useApi } from "../../app/useApi";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { windowLocation } from "../trade/leave";
import { useRefusals } from "../trade/refusals";
import { gameLobbyQueryOptions, gamesByCategory, useEnterGameMutation } from "./queries";
import type { GameCategory, LobbyBanner, LobbyGame } from "./queries";

/** The lobby's data in the reader's language (one query for its two parts). */
export function useLobby() {
  const { i18n } = useLingui();
  const api = useApi();
  return useQuery(gameLobbyQueryOptions(api, i18n.locale));
}

/** The top of the lobby: its notice and its banners, once they are in. */
/** The lobby's query, read by the screen (its loading) and given to the parts below. */
export type Lobby = ReturnType<typeof useLobby>;

export function LobbyNews({ lobby }: { readonly lobby: Lobby }) {
  const { data } = lobby;
  if (data === undefined) return null;
  return (
    <>
      {data.notice === null || data.notice === "" ? null : (
        <p className="h5-game-notice" role="note">
          {data.notice}
        </p>
      )}
      <Banners banners={data.banners} />
    </>
  );
}

/** The games by category (or why there are none): a tap enters one. */
export function GameLobby({ lobby }: { readonly lobby: Lobby }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const headingId = useId();
  const enter = useEnterGame();

  let games;
  if (lobby.data === undefined) {
    games = lobby.isError ? (
      <RetryState
        message={errorText(lobby.error)}
        onRetry={() => {
          void lobby.refetch();
        }}
      />
    ) : (
      <SkeletonGroup label={t`游戏加载中`} className="h5-game-grid">
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} height={96} radius={16} />
        ))}
      </SkeletonGroup>
    );
  } else if (lobby.data.games.length === 0) {
    games = <EmptyState description={t`暂无游戏`} />;
  } else {
    games = gamesByCategory(lobby.data.games).map((group) => (
      <CategoryGrid key={group.category} group={group} enter={enter} />
    ));
  }

  return (
    <section className="h5-game-lobby" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5-game-heading">
        {t`游戏大厅`}
      </h2>
      {games}
    </section>
  );
}

/** The banners: each a promotion jump (GOLD opens /trade, LINK its address in a new tab). */
function Banners({ banners }: { readonly banners: readonly LobbyBanner[] }) {
  const { t } = useLingui();
  const jump = usePromotionJump();
  if (banners.length === 0) return null;
  return (
    <ul className="h5-game-banners" aria-label={t`游戏活动`}>
      {banners.map((banner, index) => {
        const number = index + 1;
        const open = () => {
          jump(banner);
        };
        return (
          <li key={banner.id}>
            <button type="button" className="h5-game-banners__button" onClick={open}>
              <img src={banner.imageUrl} alt={t`游戏活动 ${number}`} width={750} height={250} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

type EnterGame = ReturnType<typeof useEnterGame>;

/** One category: its heading, and its games as a grid of buttons (icon and name). */
function CategoryGrid({ group, enter }: { readonly group: GameCategory; readonly enter: EnterGame }) {
  const { t } = useLingui();
  const headingId = useId();
  const entering = enter.entering;
  return (
    <section className="h5-game-category" aria-labelledby={headingId}>
      <h3 id={headingId} className="h5-game-category__title">
        {group.category}
      </h3>
      <ul className="h5-game-grid" aria-labelledby={headingId}>
        {group.games.map((game) => {
          const busy = entering?.gameCode === game.gameCode;
          const name = game.name;
          return (
            <li key={game.gameCode}>
              <button
                type="button"
                className="h5-game-tile"
                disabled={entering !== null}
                aria-busy={busy || undefined}
                onClick={() => {
                  enter.start(game);
                }}
              >
                <span className="h5-game-tile__icon" aria-hidden="true">
                  {game.iconUrl === null ? (
                    Array.from(name)[0]
                  ) : (
                    <img src={game.iconUrl} alt="" width={64} height={64} loading="lazy" />
                  )}
                  {busy ? <Spinner size={28} /> : null}
                </span>
                <span className="h5-game-tile__name">{name}</span>
                {busy ? <span className="pf-visually-hidden">{t`正在进入 ${name}…`}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Only a web address is followed (as the app's links: never `javascript:` or `data:`). */
function webAddress(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Entering a game: `enterGameUrl`, then the whole window goes to the provider's page (the game is
 * busy meanwhile, and stays so while the page is left). A failure is a toast; a page the browser
 * brings back from its memory (its back button) is ready again.
 */
function useEnterGame() {
  const { t } = useLingui();
  const toast = useToast();
  const refusals = useRefusals();
  const call = useEnterGameMutation({
    onSuccess: ({ url }) => {
      const address = webAddress(url);
      if (address === null) {
        toast.show(t`游戏暂时无法打开，请稍后重试`, { tone: "error" });
        call.reset();
      } else windowLocation.assign(address);
    },
    onError: (error) => {
      refusals.toast(error);
    },
  });
  const { reset } = call;
  useEffect(() => {
    const backAgain = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", backAgain);
    return () => {
      window.removeEventListener("pageshow", backAgain);
    };
  }, [reset]);
  const leaving = call.isPending || call.isSuccess;
  return {
    entering: leaving ? call.variables : null,
    start: (game: LobbyGame) => {
      if (!leaving) call.mutate(game);
    },
  };
}
