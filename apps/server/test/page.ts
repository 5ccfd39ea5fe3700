// The app's page as a test sees it (Step 23, decisions 0035 and 0038): a built app's stand-in
// folder for the server to serve, and the answers a page carries.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PAGE_DATA_ELEMENT_ID, readPageData } from "@platform/api-client/contract";
import type { PageAnswer } from "@platform/api-client/contract";

/** A folder holding `index.html` (and an empty `assets/`), for the server's `H5_DIST`. */
export function appDist(html: string): string {
  const dist = mkdtempSync(join(tmpdir(), "h5-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), html);
  return dist;
}

/** The answers in a page's data block (none when it has none). */
export function answersOf(html: string): PageAnswer[] {
  const block = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}"[^>]*>([\\s\\S]*?)</script>`,
  ).exec(html);
  return block === null ? [] : readPageData(block[1]);
}
