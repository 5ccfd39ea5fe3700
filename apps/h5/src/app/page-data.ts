import { PAGE_DATA_ELEMENT_ID, readPageData } from "@platform/api-client";
import type { PageAnswer } from "@platform/api-client";

/**
 * The first screen's answers the server wrote into this page (decision 0035), for the api-client,
 * which answers the first render's calls from them. None in the dev server's page, or signed out.
 */
export function pageAnswers(): PageAnswer[] {
  return readPageData(document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent);
}
