// The FAQ is native <details name="faq">: browsers that know `name` keep one answer open
// at a time by themselves; older ones (still common on entry-level Android phones) get it here.
const supportsExclusive = 'name' in HTMLDetailsElement.prototype;

if (!supportsExclusive) {
  for (const list of document.querySelectorAll<HTMLElement>('[data-faq]')) {
    list.addEventListener(
      'toggle',
      (event) => {
        const opened = event.target;
        if (!(opened instanceof HTMLDetailsElement) || !opened.open) return;
        for (const other of list.querySelectorAll<HTMLDetailsElement>('details[open]')) {
          if (other !== opened) other.open = false;
        }
      },
      true,
    );
  }
}

// A link to /faq#question-3 opens that answer.
const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
if (target instanceof HTMLDetailsElement) target.open = true;
