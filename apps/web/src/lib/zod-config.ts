// The app runs under a strict Content-Security-Policy (script-src 'self', no 'unsafe-eval'). Zod
// probes `new Function` when a schema is built, to compile faster object parsers; the browser
// reports that probe as a CSP violation even though zod catches the error. Its `jitless` setting
// skips the probe, but it has to be in place before the first schema is built — at module load of
// the shared schemas — so it is set here, in the entry, through the global zod reads its config
// from (`globalThis.__zod_globalConfig`), without loading zod itself.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
