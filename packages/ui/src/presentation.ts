/**
 * The presentation values of spec §9: how things look and move on screen (row heights, panel and
 * popup timing, the QR scanner's camera frame and the QR picture). They live with the components;
 * the business constants and limits stay in `@platform/domain` (constants.ts).
 */

export const qrScanner = {
  fps: 10,
  boxSize: 300,
  aspectRatio: 0.8,
  facingMode: "environment",
} as const;

export const qrImage = {
  type: "image/png",
  margin: 2,
  size: 200,
} as const;

export const ui = {
  /** Video list row heights in px: two per row, single row, search row. */
  gridRowHeight: 172,
  singleRowHeight: 116,
  searchRowHeight: 76,
  /** Side panel animation delay. */
  panelAnimationDelayMs: 50,
  /** Option popup: opens after 100 ms, closes after 200 ms more. */
  optionPopupDelayMs: 100,
  optionPopupCloseDelayMs: 200,
  /** The side panel's loading placeholder is the window height minus this. */
  panelLoadingHeightOffset: 50,
} as const;
