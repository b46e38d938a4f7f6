// The prerendered public pages (vite.prerender.ts) load the app only once they have been drawn.
// Their HTML holds the page's text, buttons and stylesheet: the first paint needs nothing else,
// and on a slow network the ~90 kB of scripts asked for with the HTML took bandwidth from it.
// The page names its scripts and stylesheets on this script's tag (`data-after-paint`, the entry
// first); after the first paint they are fetched together and the entry takes the page over.

// When the page was shown (this runs once it is parsed, within a frame of its first paint), in the
// page's time: what the page shows from its HTML has been on the screen since (the landing's
// carousel counts its first card's time from here).
document.documentElement.dataset.shownAt = String(Date.now());

const tag = document.querySelector('script[data-after-paint]');
const [entry, ...rest] = (tag?.getAttribute('data-after-paint') ?? '').split(' ').filter(Boolean);

function preload(href) {
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

let started = false;
function start() {
  if (started) return;
  started = true;
  for (const href of rest) preload(href);
  if (entry) import(entry);
}

// After the first paint: the browser reports it once it is on the screen. A page in a background
// tab is not drawn, and a browser without paint timing gets a frame's callback, which runs just
// before a paint, and a task queued from it, just after.
if (document.visibilityState === 'hidden') {
  start();
} else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((_list, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}

// What a person does before the app has taken the page over would be lost: a form sent would be
// posted (the server answers with the page again: a reload, and what was typed is gone), a
// language picked would change nothing. Both are held, and done again once the app has the element.
const TAKEN_OVER_WAIT_MS = 15_000;

function whenTakenOver(element, then, otherwise) {
  start();
  const since = Date.now();
  const check = () => {
    if (isTakenOver(element)) then();
    else if (Date.now() - since > TAKEN_OVER_WAIT_MS) otherwise();
    else setTimeout(check, 50);
  };
  check();
}

// Listened to after the app's own handler (on window, as the event bubbles out): a form the app
// has taken over is prevented by it. One it has not is held and sent again a little later.
const heldSince = new WeakMap();
window.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
  // Held long enough: a form the app leaves to the browser goes as it is.
  const since = heldSince.get(form) ?? Date.now();
  if (Date.now() - since > TAKEN_OVER_WAIT_MS) return;
  heldSince.set(form, since);
  event.preventDefault();
  const submitter = event.submitter ?? undefined;
  // The app never came (its scripts failed): the page's own post, as without this.
  whenTakenOver(
    form,
    () => setTimeout(() => form.requestSubmit(submitter), 50),
    () => form.submit(),
  );
});

document.addEventListener(
  'change',
  (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || isTakenOver(select)) return;
    const chosen = select.value;
    // Taking the element over sets it back to what the app drew: the choice is put back first.
    const choose = () => {
      select.value = chosen;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    whenTakenOver(select, choose, () => {});
  },
  true,
);

// React keeps an element's props on it once it has taken the element over (hydrated it).
function isTakenOver(element) {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}
