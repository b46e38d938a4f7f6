// The prerendered public pages (vite.prerender.ts) load the app only once they have been drawn.
// Their HTML holds the page's text, buttons and stylesheet: the first paint needs nothing else,
// and on a slow network the ~90 kB of scripts asked for with the HTML took bandwidth from it.
// The page names its scripts and stylesheets on this script's tag (`data-after-paint`, the entry
// first); after the first paint they are fetched together and the entry takes the page over.
//
// This file is a classic script in the page's head, run before the page is drawn, not a module at
// its end: a module runs only once the whole page is parsed and it has arrived, and a tap on the
// painted page before then reached nobody. It is wrapped so that nothing of it lands on `window`.
(() => {
  const tag = document.querySelector('script[data-after-paint]');
  const [entry, ...rest] = (tag?.getAttribute('data-after-paint') ?? '').split(' ').filter(Boolean);

  function preloadLink(href) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = href;
    return link;
  }

  // The home names some thirty files: starting all their fetches in one go was a task of 50–85 ms
  // on Lighthouse's 4× slower CPU, and a tap waits for the task it lands in. A few per task, each
  // next slice after a message (not a timer: a page's timers may be late or stopped).
  const SLICE = 6;
  const slices = new MessageChannel();
  function preloadInSlices(hrefs) {
    document.head.append(...hrefs.slice(0, SLICE).map(preloadLink));
    if (hrefs.length <= SLICE) return;
    slices.port1.onmessage = () => preloadInSlices(hrefs.slice(SLICE));
    slices.port2.postMessage(null);
  }

  // When the page was shown, in the page's time: what it shows from its HTML has been on the screen
  // since (the landing's carousel counts its first card's time from here).
  function markShown() {
    document.documentElement.dataset.shownAt ??= String(Date.now());
  }

  let started = false;
  function start() {
    if (started) return;
    started = true;
    markShown();
    if (entry) import(entry);
    preloadInSlices(rest);
  }

  // A page may wait for more than its first paint: the home waits until its early script has
  // shown the balance (`data-after-event`, said on the document and kept as an attribute of <html>
  // named after it, in case it came before this ran). A script that failed to load says nothing:
  // then the app comes at once.
  const awaited = tag?.getAttribute('data-after-event');
  const awaitedMark = awaited ? `data-${awaited.replace(/[^\w-]/g, '-')}` : '';
  let waiting = Boolean(awaited) && !document.documentElement.hasAttribute(awaitedMark);
  let painted = false;
  function stopWaiting() {
    if (!waiting) return;
    waiting = false;
    if (painted) start();
  }
  if (waiting) {
    document.addEventListener(awaited, stopWaiting);
    document.addEventListener(
      'error',
      (event) => event.target instanceof HTMLScriptElement && stopWaiting(),
      true,
    );
  }
  function afterPaint() {
    painted = true;
    if (!waiting) start();
  }

  // After the first paint: the browser reports it once it is on the screen. A page in a background
  // tab is not drawn, and a browser without paint timing gets a frame's callback, which runs just
  // before a paint, and a task queued from it, just after.
  if (document.visibilityState === 'hidden') {
    start();
  } else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      afterPaint();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(afterPaint, 0));
  }

  // What a person does before the app has taken the page over would be lost: a tap on a button
  // would do nothing, a form sent would be posted (the server answers with the page again: a
  // reload, and what was typed is gone), a language picked would change nothing. Each is held, and
  // done again once the app has the element.
  const TAKEN_OVER_WAIT_MS = 15_000;

  // Listened to before anything waits on the same event, so it is true when they look.
  let routeDrawn = false;
  document.addEventListener('kc:route-drawn', () => {
    routeDrawn = true;
  });

  // The app says when it has drawn a route (router.tsx, `kc:route-drawn`): its elements are then
  // the app's, with their handlers. A timer checks too, for elements outside the routes; an element
  // it finds taken over gets a moment more, for the app to finish drawing what holds it.
  function whenTakenOver(element, then, otherwise) {
    start();
    const since = Date.now();
    let done = false;
    const finish = (action) => {
      if (done) return;
      done = true;
      document.removeEventListener('kc:route-drawn', onDrawn);
      action();
    };
    // Out of the app's drawing first: what is done again runs as the person's own action would.
    const onDrawn = () => {
      if (isTakenOver(element)) queueMicrotask(() => finish(then));
    };
    const check = () => {
      if (done) return;
      if (isTakenOver(element)) setTimeout(() => finish(then), 50);
      else if (Date.now() - since > TAKEN_OVER_WAIT_MS) finish(otherwise);
      else setTimeout(check, 50);
    };
    document.addEventListener('kc:route-drawn', onDrawn);
    check();
  }

  // Listened to first (capture, on the document): a tap on a button the app has not taken over is
  // kept from the app's own event replay, so that it is done exactly once, here. A second tap on the
  // same button while the first waits is the same wish. A form's submit button goes on to the submit.
  const heldTaps = new WeakSet();
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || (button.type === 'submit' && button.form) || isTakenOver(button)) return;
      event.stopPropagation();
      event.preventDefault();
      if (heldTaps.has(button)) return;
      heldTaps.add(button);
      const forget = () => heldTaps.delete(button);
      whenTakenOver(
        button,
        () => {
          forget();
          if (button.isConnected) button.click();
        },
        forget,
      );
    },
    true,
  );

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
      () => form.requestSubmit(submitter),
      () => form.submit(),
    );
  });

  // A pick in a list (the language) sends `input`, then `change`. React may take the list over
  // between the two: a discrete event makes it finish taking the page over at once, inside the
  // `input`, and that sets the list back to what it drew, so the `change` then carries the old
  // value. The pick is kept as it was when first seen; an event that comes while it waits on a list
  // the app now has carries only what the app set back, and is kept from it.
  const heldPicks = new WeakMap();
  function holdPick(event) {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement)) return;
    const takenOver = isTakenOver(select);
    if (heldPicks.has(select)) {
      if (takenOver) event.stopPropagation();
      else heldPicks.set(select, select.value);
      return;
    }
    if (takenOver) return;
    heldPicks.set(select, select.value);
    const forget = () => heldPicks.delete(select);
    // Taking the element over sets it back to what the app drew: the pick is put back first.
    const pick = () => {
      const chosen = heldPicks.get(select);
      forget();
      if (!select.isConnected) return;
      select.value = chosen;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    whenTakenOver(select, pick, forget);
  }
  document.addEventListener('input', holdPick, true);
  document.addEventListener('change', holdPick, true);

  // React keeps an element's props on it once it has taken the element over (hydrated it). Props
  // come with the render, before the app's drawing is committed: in between, an event on the
  // element reaches no handler (a language picked then was lost, and the commit set the old one
  // back). So the app must also have drawn a route (`kc:route-drawn`, sent after its commit).
  function isTakenOver(element) {
    return routeDrawn && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  }
})();
