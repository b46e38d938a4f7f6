export type StreamEvent = { event: string; data: unknown };

/**
 * Reads a server-sent event stream over real HTTP, as a browser would; `next(name)` waits for
 * the next event of that name.
 */
export async function openEventStream(url: string, accessToken: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let hasEnded = false;
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          hasEnded = true;
          for (const wake of waiters.splice(0)) wake();
          return;
        }
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = block.match(/^event: (.*)$/m)?.[1];
          const data = block.match(/^data: (.*)$/m)?.[1];
          if (name && data) events.push({ event: name, data: JSON.parse(data) });
          for (const wake of waiters.splice(0)) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  let seen = 0;
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    async next(name: string, timeoutMs = 30_000): Promise<StreamEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e, i) => i >= seen && e.event === name);
        if (index >= 0) {
          seen = index + 1;
          return events[index] as StreamEvent;
        }
        if (Date.now() > deadline) throw new Error(`no ${name} event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** Resolves when the server ends the stream; rejects after `timeoutMs`. */
    async ended(timeoutMs = 30_000): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the stream did not end within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      await Promise.race([ended, timeout]).finally(() => clearTimeout(timer));
    },
    hasEnded: () => hasEnded,
    close: () => controller.abort(),
  };
}
