const regionId = 'status-announcer';

/**
 * The admin's one polite live region, in the page from the start (a region that appears with
 * its text is often not read) and never removed: status messages are said here once, and stay
 * in it until the next one, however soon their visible copy clears.
 */
export function mountAnnouncer(): HTMLElement {
  const existing = document.getElementById(regionId);
  if (existing) return existing;
  const region = document.createElement('div');
  region.id = regionId;
  region.setAttribute('role', 'status');
  region.className = 'visually-hidden';
  document.body.append(region);
  return region;
}

/** Says `text` politely; the same words twice in a row are said twice. */
export function announce(text: string): void {
  const region = mountAnnouncer();
  region.textContent = '';
  setTimeout(() => {
    region.textContent = text;
  }, 100);
}
