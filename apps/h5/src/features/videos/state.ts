import { atomWithStorage, createJSONStorage } from "jotai/utils";

/** How video lists are laid out: two per row (row 172) or single rows (116), spec §2. */
export const VideoLayout = { grid: "grid", rows: "rows" } as const;
export type VideoLayout = (typeof VideoLayout)[keyof typeof VideoLayout];

function isVideoLayout(value: unknown): value is VideoLayout {
  return value === VideoLayout.grid || value === VideoLayout.rows;
}

const json = createJSONStorage<unknown>();

/** The choice as stored, where anything else stored under the key reads as the default. */
const layoutStorage = {
  getItem: (key: string, initial: VideoLayout): VideoLayout => {
    const value = json.getItem(key, initial);
    return isVideoLayout(value) ? value : initial;
  },
  setItem: (key: string, value: VideoLayout) => {
    json.setItem(key, value);
  },
  removeItem: (key: string) => {
    json.removeItem(key);
  },
};

/** The chosen layout, kept across visits (read at once, so the first paint has it). */
export const videoLayoutAtom = atomWithStorage<VideoLayout>(
  "videoListLayout",
  VideoLayout.grid,
  layoutStorage,
  {
    getOnInit: true,
  },
);
