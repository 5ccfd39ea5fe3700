export { VideoPlayer } from "./VideoPlayer";
export type { VideoPlayerError, VideoPlayerProps, VideoPlayerReport } from "./VideoPlayer";
export {
  DOUBLE_TAP_SEEK_SECONDS,
  KEY_SEEK_SECONDS,
  clampPosition,
  isDefaultSource,
  orderSources,
  positionMs,
  seekTarget,
  tapZone,
  withAdaptive,
} from "./playback";
export type { TapZone, VideoSource } from "./playback";
export { AUTO_QUALITY } from "./playerUtils";
export { attachPreviewGate, usePreviewGate } from "./usePreviewGate";
export {
  createMediaRequestFilter,
  loadShakaHls,
  playsHlsNatively,
  preloadHlsPlayer,
  withMediaParams,
} from "./shaka";
export { loadHlsPlayer, nativeHls } from "./nativeHls";
export { adoptPageVideo, releasePageVideo } from "./pageVideo";
export type {
  MediaParams,
  ShakaLike,
  ShakaLoader,
  ShakaPlayerLike,
  ShakaRequest,
  ShakaRequestFilter,
} from "./shaka";
