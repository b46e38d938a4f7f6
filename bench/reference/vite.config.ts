import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption, type UserConfig } from 'vite';
import appConfig from '../../apps/web/vite.config.ts';

// The web app's own Vite configuration (React, its compiler options, the pre-compressed files the
// server sends), building the bench's one-heading reference page into /reference/. Three plugins
// describe the app rather than how code is built — its route table, its service worker and its
// prerendered pages — and have nothing to read here, so they are left out.
const APP_ONLY_PLUGINS = new Set([
  'kreyolcash:route-preload-manifest',
  'kreyolcash:service-worker',
  'kreyolcash:prerender-pages',
]);

export default defineConfig(async (env): Promise<UserConfig> => {
  const app: UserConfig = typeof appConfig === 'function' ? await appConfig(env) : await appConfig;
  return {
    ...app,
    root: fileURLToPath(new URL('.', import.meta.url)),
    base: '/reference/',
    publicDir: false,
    plugins: (app.plugins ?? []).filter((plugin: PluginOption) => !isAppOnly(plugin)),
  };
});

function isAppOnly(plugin: PluginOption): boolean {
  return (
    typeof plugin === 'object' && plugin !== null && 'name' in plugin && APP_ONLY_PLUGINS.has(plugin.name)
  );
}
