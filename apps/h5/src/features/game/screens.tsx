// The game lobby in a chunk of its own: its route loads it lazily (features/game/routing), so
// neither its code nor its words (the game catalog) join the first load of /home.
import "../../components/forms.css";
import { withCatalog } from "../../components/CatalogGate";
import { GameScreen as Game } from "./GameScreen";

/** Marks the game catalog (`hasCatalog(i18n, "game")` looks for this id). */
export const gameCatalogMark = /*i18n*/ { id: "game.catalog", message: "游戏" };

export const GameScreen = withCatalog("game", Game);
