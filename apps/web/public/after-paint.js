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

// A form sent before the app has taken it over would be posted (the server answers with the page
// again: a reload, and what was typed is gone). It is held, and sent again once the app has it.
const TAKEN_OVER_WAIT_MS = 15_000;
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || isTakenOver(form)) return;
    event.preventDefault();
    start();
    const since = Date.now();
    const sendWhenTakenOver = () => {
      if (isTakenOver(form)) form.requestSubmit(event.submitter ?? undefined);
      // The app never came (its scripts failed): the page's own post, as without this.
      else if (Date.now() - since > TAKEN_OVER_WAIT_MS) form.submit();
      else setTimeout(sendWhenTakenOver, 50);
    };
    sendWhenTakenOver();
  },
  true,
);

// React keeps an element's props on it once it has taken the element over (hydrated it).
function isTakenOver(element) {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}
