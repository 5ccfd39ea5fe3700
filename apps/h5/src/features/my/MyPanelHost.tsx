/** Replaced by the 'my' side panel with real data (this step's item 6). */
export function MyPanelHost() {
  return null;
}
