/**
 * Leaving the app for another party's page (a provider's hosted pay page): the whole window goes
 * there. One object, so a test can watch the departure instead of a navigation jsdom cannot do.
 */
export const windowLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
