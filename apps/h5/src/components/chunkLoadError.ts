/** A script or style of the app itself that did not arrive (a lazy chunk, its CSS, a catalog). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch/i.test(
    message,
  );
}
