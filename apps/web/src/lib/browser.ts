/**
 * Full browser navigations, which leave the single-page app. Behind an object so tests
 * can observe them: jsdom does not navigate.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
