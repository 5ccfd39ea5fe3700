import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { deleteWatchHistory, listWatchHistory } from "./history";
import { route } from "../../http/route";
import { hotTags, searchVideos } from "./videos";
import { searchUsers } from "./people";

/**
 * Search (spec §7): videos by title, tag or author name, with the list's filters; members by
 * nickname or member ID; one's own watch history. Matching is case-insensitive substring search,
 * which works the same for Chinese and English text (no word splitting needed).
 */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "search.substance", "user", (input) => searchVideos(ctx, input));
  route(app, ctx, "search.user", "user", (input) => searchUsers(ctx, input));
  route(app, ctx, "search.hotTags", "user", () => hotTags(ctx));
  route(app, ctx, "search.watchHistory", "user", (input) => listWatchHistory(ctx, input));
  route(app, ctx, "search.deleteWatchHistory", "user", (input) => deleteWatchHistory(ctx, input));
}
