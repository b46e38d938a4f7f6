import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyScript } from './vite.early-script.ts';
import { precompressAssets, sonnerStylesWithoutInlineStyle } from './vite.plugins.ts';
import { PRERENDER_LANGUAGES, pageFile, prerenderPages } from './vite.prerender.ts';
import { serviceWorker } from './vite.pwa.ts';
import { routePreloadManifest } from './vite.route-preload.ts';

const api = { target: 'http://127.0.0.1:3000', changeOrigin: false };

// react-router's package.json points every bundler at its development build (dev warnings and
// all); production builds take the production build it ships beside it.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /([\\/])development([\\/])/,
  '$1production$2',
);

// The data layer every screen under the data providers loads (TanStack Query, the toasts, the API
// client and its errors, the session, the wallet's saved balance) in one chunk instead of the
// ~9 small ones its modules would otherwise be split into by which screens share them: on a first
// visit over HTTP/1.1 (six connections) each request is a round trip, and these were a third of
// /login's and /home's. The landing and the legal pages use none of it. Only the named modules
// move (not what they import), so React stays in the entry.
const dataLayer = {
  name: 'data-layer',
  test: /node_modules[\\/](@tanstack|sonner)[\\/]|packages[\\/]domain[\\/]src[\\/](error-codes|app-error|constants)\.|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]loader-circle\.|src[\\/]lib[\\/](api-client|early-session|notify|error-text|react-query|session-store)\.|src[\\/]hooks[\\/]use-session\.|src[\\/]components[\\/]ui[\\/](spinner|skeleton)\.|src[\\/]features[\\/]wallet[\\/]api[\\/](is-wallet|kept-balance|last-known-balance|get-wallet)\./,
  includeDependenciesRecursively: false,
};

// The small pieces the landing and the screens around it share (the language switcher, the legal
// links, text links, the document title, the icons' base): one chunk instead of five; the landing
// and /login need every one of them.
const sharedUi = {
  name: 'shared-ui',
  test: /src[\\/]components[\\/](language-switcher|legal-links|ui[\\/]text-link)\.|src[\\/]hooks[\\/]use-document-title\.|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
  includeDependenciesRecursively: false,
};

// What the sign-in screens (/login, /register, /forgot-password, /reset-password,
// /email-confirmation) share: their layout, the e-mail and password inputs, the background schema
// loader. One chunk instead of six.
const authForms = {
  name: 'auth-forms',
  test: /src[\\/]components[\\/](layouts[\\/]auth-layout|ui[\\/](email-input|password-input))\.|src[\\/]lib[\\/]lazy-zod-resolver\.|src[\\/]features[\\/]auth[\\/]api[\\/]resend-confirmation\.|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](eye|eye-off)\./,
  includeDependenciesRecursively: false,
};

export default defineConfig(({ mode }) => ({
  plugins: [
    sonnerStylesWithoutInlineStyle(),
    react(),
    tailwindcss(),
    // Each page's chunks, which the server names in the page's Link header (see the plugin).
    routePreloadManifest({ router: 'src/app/router.tsx' }),
    serviceWorker({
      source: fileURLToPath(new URL('./sw.js', import.meta.url)),
      // The home's frame, in every language: a repeat visit's /home paints before the app runs.
      pages: PRERENDER_LANGUAGES.map((language) => `/${pageFile(language, '/home')}`),
    }),
    // The home's first script: the session and the balance before the app's code (see the plugin).
    earlyScript({ entry: 'src/features/wallet/early/home-early.ts', name: 'home-early' }),
    precompressAssets(),
    // The public pages and the home's frame drawn into HTML, per language (see the plugin).
    prerenderPages({ entry: 'src/prerender.tsx', earlyScripts: { '/home': 'home-early' } }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No data: URLs: every asset is a same-origin file, which a strict CSP allows.
    assetsInlineLimit: 0,
    // Every browser we target (Chromium on Android, current desktop ones) knows modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [dataLayer, sharedUi, authForms] } } },
  },
}));
