import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Bytes = { down: number; up: number };

/**
 * A proxy between the browser and the server that counts what crosses it. `reset()` restarts the
 * count and closes the open connections, so that what follows pays for its own (a repeat visit
 * comes back hours later, on a new connection).
 */
export type WireProxy = {
  url: string;
  counted: () => Bytes;
  reset: () => void;
  close: () => Promise<void>;
  /** Bytes by request line, where the protocol shows it (HTTP/1.1). */
  byRequest?: Map<string, Bytes>;
};

/**
 * HTTP/1.1 as the server speaks it, byte for byte both ways, headers included. Also counts by
 * request line (a keep-alive connection carries one request at a time) for the breakdown.
 */
export async function startHttp1Proxy(target: URL): Promise<WireProxy> {
  let total: Bytes = { down: 0, up: 0 };
  const byRequest = new Map<string, Bytes>();
  const clients = new Set<Socket>();
  let generation = 0;
  const server = createServer((client) => {
    clients.add(client);
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    // A connection closed by reset() no longer counts, whatever is still in flight.
    const born = generation;
    const counts = () => born === generation;
    client.on('close', () => {
      clients.delete(client);
      upstream.destroy();
    });
    let current = '(connection)';
    const entry = () => {
      const found = byRequest.get(current) ?? { down: 0, up: 0 };
      byRequest.set(current, found);
      return found;
    };
    client.on('data', (chunk: Buffer) => {
      const line = /^(GET|POST|PUT|PATCH|DELETE|HEAD) (\S+)/.exec(chunk.toString('latin1', 0, 200));
      if (line) current = `${line[1]} ${line[2]?.split('?')[0]}`;
      if (!counts()) return;
      total.up += chunk.length;
      entry().up += chunk.length;
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!counts()) return;
      total.down += chunk.length;
      entry().down += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  const url = `http://127.0.0.1:${await listen(server)}`;
  return {
    url,
    byRequest,
    counted: () => ({ ...total }),
    reset: () => {
      generation += 1;
      for (const client of clients) client.destroy();
      total = { down: 0, up: 0 };
      byRequest.clear();
    },
    close: () => {
      for (const client of clients) client.destroy();
      return closeServer(server);
    },
  };
}

/**
 * HTTPS with HTTP/2, as a TLS terminator in front of the API serves a phone (a service worker
 * needs HTTPS, and every current terminator speaks HTTP/2 to Chromium): counts the encrypted bytes
 * on the TCP connections, handshakes included, and forwards each stream to the server over
 * HTTP/1.1. The certificate is a throwaway self-signed ECDSA one; the browser is told to accept it.
 */
export async function startHttp2TlsProxy(target: URL): Promise<WireProxy> {
  const { key, cert } = selfSignedCertificate();
  const server: Http2SecureServer = createSecureServer({ key, cert, allowHTTP1: false });
  const sockets = new Map<Socket, Bytes>();
  let closed: Bytes = { down: 0, up: 0 };
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { down: 0, up: 0 });
    socket.on('close', () => {
      const base = sockets.get(socket);
      // Closed by reset(): its bytes belong to the count before.
      if (!base) return;
      closed = {
        down: closed.down + socket.bytesWritten - base.down,
        up: closed.up + socket.bytesRead - base.up,
      };
      sockets.delete(socket);
    });
  });
  server.on('stream', (stream, headers) => {
    const forwarded: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers))
      if (!name.startsWith(':') && value !== undefined) forwarded[name] = value;
    forwarded.host = target.host;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: forwarded,
      },
      (answer) => {
        const {
          connection,
          'keep-alive': _keepAlive,
          'transfer-encoding': _encoding,
          ...rest
        } = answer.headers;
        if (stream.destroyed) return answer.destroy();
        stream.respond({ ':status': answer.statusCode ?? 502, ...rest });
        answer.pipe(stream);
      },
    );
    upstream.on('error', () => stream.destroy());
    stream.on('error', () => upstream.destroy());
    stream.on('close', () => upstream.destroy());
    stream.pipe(upstream);
  });
  const url = `https://127.0.0.1:${await listen(server)}`;
  return {
    url,
    counted: () => {
      let { down, up } = closed;
      for (const [socket, base] of sockets) {
        down += socket.bytesWritten - base.down;
        up += socket.bytesRead - base.up;
      }
      return { down, up };
    },
    reset: () => {
      for (const socket of sockets.keys()) socket.destroy();
      sockets.clear();
      closed = { down: 0, up: 0 };
    },
    close: () => {
      for (const socket of sockets.keys()) socket.destroy();
      return closeServer(server);
    },
  };
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'kreyolcash-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function listen(server: Server | Http2SecureServer): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
}

function closeServer(server: Server | Http2SecureServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
