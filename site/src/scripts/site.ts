// The one script every page loads: small, deferred, and nothing on the page waits for it.
import './frame.ts';
import './menu.ts';
import './newsletter.ts';
import './page-view.ts';
import './service-worker.ts';
