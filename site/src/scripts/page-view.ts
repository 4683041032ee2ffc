import { screenClassOf, viewSourceOf } from '@cfp/shared/page-views';

/*
 * One count per page shown (docs/decisions/0039): the page's address, language, where the reader
 * came from as a group, the screen's class. No cookie, nothing kept in the browser, and nothing
 * at all when the reader asks not to be tracked (Global Privacy Control, Do Not Track) or offline.
 */
const { views, viewPath, viewToken } = document.body.dataset;

function referrerHost(): string {
  try {
    return new URL(document.referrer).host;
  } catch {
    return ''; // no referrer
  }
}

const asked = navigator as Navigator & { globalPrivacyControl?: boolean };
if (views && viewPath && viewToken && !asked.globalPrivacyControl && navigator.doNotTrack !== '1' && navigator.onLine) {
  navigator.sendBeacon?.(
    views,
    new URLSearchParams({
      path: viewPath,
      language: document.documentElement.lang,
      source: viewSourceOf(referrerHost(), location.host),
      screen: screenClassOf(innerWidth),
      token: viewToken,
    }),
  );
}
