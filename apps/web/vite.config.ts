import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Sonner injects its stylesheet with a runtime <style> element, which a strict
// Content-Security-Policy (style-src 'self') refuses. We drop the injection and ship the
// same rules as a normal stylesheet (imported in src/styles.css) instead.
function sonnerStylesWithoutInlineStyle(): Plugin {
  return {
    name: 'kreyolcash:sonner-styles-without-inline-style',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace('function __insertCSS(code) {', 'function __insertCSS(code) {\n  return;');
      if (patched === code) this.error('sonner changed: __insertCSS not found, review the CSP workaround');
      return { code: patched, map: null };
    },
  };
}

export default defineConfig({
  plugins: [sonnerStylesWithoutInlineStyle(), react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Inline nothing as data: URLs; every asset is a same-origin file a strict CSP allows.
    assetsInlineLimit: 0,
  },
});
