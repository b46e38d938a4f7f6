import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { AppInstance } from '../app-deps.ts';

// Work a route does after its answer has gone out, so that the answer's timing says nothing about
// what the work found (whether an e-mail is registered). The app waits for it when closing.
const pending = new WeakMap<FastifyRequest, () => Promise<unknown>>();
// Keyed by the app's deps, which every plugin context of one app shares.
const runningByApp = new WeakMap<object, Set<Promise<void>>>();

/** Runs `work` once this request's answer has been sent; a failure is logged, never answered. */
export function afterResponse(request: FastifyRequest, work: () => Promise<unknown>): void {
  pending.set(request, work);
}

/** The route-level onResponse hook that starts the work registered by afterResponse. */
export function afterResponseHook(app: AppInstance): onResponseHookHandler {
  const running = new Set<Promise<void>>();
  runningByApp.set(app.deps, running);
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });
  return (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const work = pending.get(request);
    pending.delete(request);
    if (work) {
      // One turn of the event loop first, so the answer's bytes leave before the work takes the CPU.
      const run: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .then(() => undefined)
        .catch((error: unknown) => request.log.error({ err: error }, 'work after the answer failed'))
        .finally(() => running.delete(run));
      running.add(run);
    }
    done();
  };
}

/** Resolves once the work started after this app's answers so far has ended (for tests). */
export async function afterResponseSettled(app: { deps: object }): Promise<void> {
  // The answer may have reached the caller a moment before the onResponse hooks ran.
  await new Promise((resolve) => setImmediate(resolve));
  const running = runningByApp.get(app.deps);
  while (running && running.size > 0) await Promise.allSettled(running);
}
