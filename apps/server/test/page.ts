// The app's page as a test sees it (Step 23, decisions 0035 and 0038): a built app's stand-in
// folder for the server to serve, and the answers a page carries.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  PAGE_DATA_ELEMENT_ID,
  encodePageSession,
  pageSessionOfClient,
  readPageData,
} from "@platform/api-client/contract";
import type { PageAnswer } from "@platform/api-client/contract";
import { demoAccounts } from "../src/seed";
import { embedded, signIn, startSeeded } from "./harness";

/** A folder holding `index.html` (and an empty `assets/`), for the server's `H5_DIST`. */
function appDist(html: string): string {
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

/** A seeded embedded server serving `html` as the app's page, and its demo author signed in. */
export async function pageServer(html: string) {
  const dist = appDist(html);
  const platform = await startSeeded(embedded, { H5_DIST: dist });
  const { api, userId } = await signIn(platform, demoAccounts[0]);
  const session = pageSessionOfClient(api.client);
  if (session === null) throw new Error("signing in left no session");
  return {
    platform,
    api,
    userId: Number(userId),
    /** The page-session cookie of that person, as the app writes it. */
    cookie: `pf_page=${encodePageSession(session)}`,
    close: async () => {
      await platform.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
