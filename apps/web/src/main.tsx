import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/lib/zod-config';
import { changeLanguage, i18n, isLanguage } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/service-worker';
import '@/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page the build prerendered (vite.prerender.ts) names its language on <html>: React takes over its HTML
// as it is when the visitor's language is the same — nothing is drawn twice. Otherwise (the
// service worker's plain shell, a language chosen before the server could know it) it draws anew.
function start(root: HTMLElement) {
  if (document.documentElement.dataset.prerendered === i18n.resolvedLanguage) hydrateRoot(root, app);
  else createRoot(root).render(app);
  registerServiceWorker();
}

// A prerendered public page is shown before this runs (public/after-paint.js): a language picked
// in its switcher meanwhile reached no app. It is taken now, and the page drawn anew in it.
const picked = container.querySelector<HTMLSelectElement>('select:has(option[lang])')?.value;
const prerendered = document.documentElement.dataset.prerendered;
if (prerendered && picked !== prerendered && isLanguage(picked))
  void changeLanguage(picked).finally(() => start(container));
else start(container);
