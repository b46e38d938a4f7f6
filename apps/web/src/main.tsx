import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/lib/zod-config';
import { i18n } from '@/lib/i18n';
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
if (document.documentElement.dataset.prerendered === i18n.resolvedLanguage) hydrateRoot(container, app);
else createRoot(container).render(app);
registerServiceWorker();
