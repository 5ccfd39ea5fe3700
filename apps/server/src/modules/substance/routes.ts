import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { route } from "../../http/route";
import {
  browseMyVideo,
  classifyList,
  getMyVideoList,
  getVideoList,
  myBuyVideoList,
  recommendByVideoId,
  topicList,
} from "./lists";
import { getInfoById } from "./viewer";
import { authorInfo } from "./authors";
import { cancelCollect, collect, doForward, doLike, doPlay } from "./reactions";
import { buyVideo } from "./purchase";
import { commentList, deleteComment, doComment, likeComment } from "./comments";
import {
  bindCollect,
  collectList,
  createFavorite,
  deleteFavorite,
  getFavorite,
  unbindCollect,
  updateFavorite,
} from "./favorites";
import { channelInfo } from "./channels";
import { trendList } from "./trend";

/** The calls of videos, comments, favourites and channels: contract name → handler (logic beside). */
export function substanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, "substance.classifyList", "public", (input) => classifyList(ctx, input));
  route(app, ctx, "substance.getVideoList", "public", (input) => getVideoList(ctx, input));
  route(app, ctx, "substance.trendList", "public", (input) => trendList(ctx, input));
  route(app, ctx, "substance.recommendByVideoId", "user", (input) => recommendByVideoId(ctx, input));
  route(app, ctx, "substance.getMyVideoList", "user", (input) => getMyVideoList(ctx, input));
  route(app, ctx, "substance.browseMyVideo", "user", (input) => browseMyVideo(ctx, input));
  route(app, ctx, "substance.myBuyVideoList", "user", (input) => myBuyVideoList(ctx, input));
  route(app, ctx, "substance.topicList", "public", (input) => topicList(ctx, input));
  route(app, ctx, "substance.getInfoById", "public", (input) => getInfoById(ctx, input));
  route(app, ctx, "substance.authorInfo", "user", (input) => authorInfo(ctx, input));
  route(app, ctx, "substance.doLike", "user", (input) => doLike(ctx, input));
  route(app, ctx, "substance.collect", "user", (input) => collect(ctx, input));
  route(app, ctx, "substance.cancelCollect", "user", (input) => cancelCollect(ctx, input));
  route(app, ctx, "substance.doPlay", "user", (input) => doPlay(ctx, input));
  route(app, ctx, "substance.doForward", "user", (input) => doForward(ctx, input));
  route(app, ctx, "substance.buyVideo", "user", (input) => buyVideo(ctx, input));
  route(app, ctx, "substance.commentList", "user", (input) => commentList(ctx, input));
  route(app, ctx, "substance.doComment", "user", (input) => doComment(ctx, input));
  route(app, ctx, "substance.likeComment", "user", (input) => likeComment(ctx, input));
  route(app, ctx, "substance.deleteComment", "user", (input) => deleteComment(ctx, input));
  route(app, ctx, "substance.getFavorite", "user", (input) => getFavorite(ctx, input));
  route(app, ctx, "substance.createFavorite", "user", (input) => createFavorite(ctx, input));
  route(app, ctx, "substance.updateFavorite", "user", (input) => updateFavorite(ctx, input));
  route(app, ctx, "substance.deleteFavorite", "user", (input) => deleteFavorite(ctx, input));
  route(app, ctx, "substance.bindCollect", "user", (input) => bindCollect(ctx, input));
  route(app, ctx, "substance.unbindCollect", "user", (input) => unbindCollect(ctx, input));
  route(app, ctx, "substance.collectList", "user", (input) => collectList(ctx, input));
  route(app, ctx, "substance.channelInfo", "public", (input) => channelInfo(ctx, input));
}
