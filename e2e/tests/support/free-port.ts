import { createServer } from 'node:net';

/** Asks the OS for a port nobody listens on, on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address) resolvePort(address.port);
        else reject(new Error('no port from the OS'));
      });
    });
  });
}
