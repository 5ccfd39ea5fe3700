import { PAGE_DATA_ELEMENT_ID, readPageData } from "@platform/api-client";
import type { PageAnswer } from "@platform/api-client";

/**
 * The first screen's answers the server wrote into this page (decisions 0035, 0038), and the
 * language they were made in, for the api-client, which answers the first render's calls from them
 * when it speaks that language. None in the dev server's page, or signed out.
 */
export function pageAnswers(): { answers: PageAnswer[]; language: string | undefined } {
  const block = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return { answers: readPageData(block?.textContent), language: block?.dataset.language };
}
