const nav = document.querySelector<HTMLElement>('[data-menu]');
const button = document.querySelector<HTMLButtonElement>('[data-menu-button]');
const fallback = document.querySelector<HTMLElement>('[data-menu-fallback]');
const quickContact = document.querySelector<HTMLDetailsElement>('[data-quick-contact]');
const dropdowns = document.querySelectorAll<HTMLElement>('[data-dropdown]');

const isOpen = () => button?.getAttribute('aria-expanded') === 'true';

function setOpen(open: boolean) {
  if (!nav || !button) return;
  button.setAttribute('aria-expanded', String(open));
  nav.classList.toggle('is-open', open);
}

// Without this script the "Menu" link leads to the site map in the footer; with it, a real toggle.
if (nav && button) {
  button.hidden = false;
  if (fallback) fallback.hidden = true;
  button.addEventListener('click', () => setOpen(!isOpen()));
  window.matchMedia('(min-width: 64rem)').addEventListener('change', (event) => {
    if (event.matches) setOpen(false);
  });
}

// A tap outside (on the dimmed page, the backdrop) closes the menu and the contact bar, and
// only that: the link or button under the finger is not followed.
document.addEventListener(
  'click',
  (event) => {
    const target = event.target as Node;
    const closesMenu = isOpen() && !nav?.contains(target) && !button?.contains(target);
    const closesBar = quickContact?.open === true && !quickContact.contains(target);
    if (!closesMenu && !closesBar) return;
    event.preventDefault();
    event.stopPropagation();
    if (closesMenu) setOpen(false);
    if (closesBar && quickContact) quickContact.open = false;
  },
  true,
);

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  if (isOpen()) {
    setOpen(false);
    button?.focus();
  } else if (quickContact?.open) {
    quickContact.open = false;
    quickContact.querySelector('summary')?.focus();
  } else {
    // The desktop dropdown opens on hover and focus in CSS; Escape hides it until the pointer or focus leaves.
    const dropdown = document.querySelector<HTMLElement>('[data-dropdown]:focus-within, [data-dropdown]:hover');
    if (!dropdown) return;
    dropdown.classList.add('is-dismissed');
    if (dropdown.contains(document.activeElement)) dropdown.querySelector('a')?.focus();
  }
});

for (const dropdown of dropdowns) {
  const reset = () => dropdown.classList.remove('is-dismissed');
  dropdown.addEventListener('mouseleave', reset);
  dropdown.addEventListener('focusout', (event) => {
    if (!dropdown.contains(event.relatedTarget as Node | null)) reset();
  });
}
