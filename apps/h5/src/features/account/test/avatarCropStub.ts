import type { Mock } from "vitest";
import { stubObjectUrls } from "../../../test/objectUrls";

/**
 * Before each avatar test: the mocked `cropToSquare` (jsdom has no canvas) answers a made-up
 * square, and object URLs read `url`. Returns what puts the object URLs back.
 */
export function answerSquares(cropToSquare: Mock, url: string): () => void {
  cropToSquare.mockReset();
  cropToSquare.mockResolvedValue(new Blob(["square"], { type: "image/jpeg" }));
  return stubObjectUrls(() => url);
}
