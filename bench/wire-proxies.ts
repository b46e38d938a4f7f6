import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import {
  createServer as createH2cServer,
  type Http2Server,
  type IncomingHttpHeaders,
  type ServerHttp2Stream,
} from 'node:http2';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext, TLSSocket } from 'node:tls';
import { type ConnectionBytes, frameCounter, newConnectionBytes, streamOf } from './h2-breakdown.ts';

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
  /** Each connection's bytes by layer, stream and frame type, where the proxy reads them (HTTP/2). */
  connections?: () => ConnectionBytes[];
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
 *
 * Three layers, so that each can be counted: TCP (the encrypted bytes, and the ClientHello's size,
 * read from its record header before TLS takes the socket), TLS (the handshake, whether the session
 * was resumed), and the clear text, which is piped to an HTTP/2 server of the proxy's own as it is
 * (the same frames, the same stream ids) and read frame by frame on the way (`h2-breakdown.ts`).
 */
export async function startHttp2TlsProxy(target: URL): Promise<WireProxy> {
  const { key, cert } = benchCertificate();
  // The clear-text side's connections, by their port on the proxy's HTTP/2 server.
  const byInnerPort = new Map<number, ConnectionBytes>();
  const forwarder: Http2Server = createH2cServer();
  forwarder.on('stream', (stream, headers) => {
    const counted = byInnerPort.get((stream.session?.socket as Socket | undefined)?.remotePort ?? 0);
    if (counted)
      streamOf(counted, stream.id ?? 0).label =
        `${headers[':method']} ${String(headers[':path']).split('?')[0]}`;
    forwardStream(target, stream, headers);
  });
  const forwarderPort = await listen(forwarder);
  const context = createSecureContext({ key, cert });
  let open: { raw: Socket; counted: ConnectionBytes }[] = [];
  const edge = createServer((raw) => {
    const counted = newConnectionBytes();
    open.push({ raw, counted });
    raw.once('data', (hello: Buffer) => {
      // A TLS record: type (22, handshake), version, a 2-byte length.
      if (hello[0] === 22) counted.clientHello = 5 + hello.readUInt16BE(3);
      raw.pause();
      raw.unshift(hello);
      const secure = new TLSSocket(raw, { isServer: true, secureContext: context, ALPNProtocols: ['h2'] });
      const inner = createConnection({ host: '127.0.0.1', port: forwarderPort });
      inner.on('connect', () => byInnerPort.set(inner.localPort ?? 0, counted));
      secure.on('secure', () => {
        counted.handshake = { down: raw.bytesWritten, up: raw.bytesRead };
        counted.resumed = secure.isSessionReused();
      });
      const up = frameCounter(counted, 'up');
      const down = frameCounter(counted, 'down');
      secure.on('data', (chunk: Buffer) => {
        up(chunk);
        inner.write(chunk);
      });
      inner.on('data', (chunk: Buffer) => {
        down(chunk);
        secure.write(chunk);
      });
      const end = () => {
        secure.destroy();
        inner.destroy();
        raw.destroy();
      };
      for (const side of [secure, inner]) {
        side.on('error', end);
        side.on('close', end);
      }
    });
    raw.on('error', () => raw.destroy());
  });
  const url = `https://127.0.0.1:${await listen(edge)}`;
  const tallied = () => {
    for (const { raw, counted } of open) counted.wire = { down: raw.bytesWritten, up: raw.bytesRead };
    return open.map(({ counted }) => counted);
  };
  return {
    url,
    counted: () =>
      tallied().reduce((sum, { wire }) => ({ down: sum.down + wire.down, up: sum.up + wire.up }), {
        down: 0,
        up: 0,
      }),
    connections: tallied,
    reset: () => {
      for (const { raw } of open) raw.destroy();
      open = [];
    },
    close: async () => {
      for (const { raw } of open) raw.destroy();
      await closeServer(edge);
      await closeServer(forwarder);
    },
  };
}

function forwardStream(target: URL, stream: ServerHttp2Stream, headers: IncomingHttpHeaders) {
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
}

let certificate: { key: Buffer; cert: Buffer } | undefined;

/** One throwaway certificate per bench run, made on first use. */
function benchCertificate(): { key: Buffer; cert: Buffer } {
  certificate ??= selfSignedCertificate();
  return certificate;
}

/**
 * The SHA-256 of the bench certificate's public key, for Chromium's
 * `--ignore-certificate-errors-spki-list`: the browser then takes the certificate as valid, as a
 * phone takes a real one. Merely ignoring the error (`--ignore-certificate-errors`) is not the
 * same: Chromium keeps nothing fetched over a connection with a certificate error in its HTTP
 * cache, so a photo's max-age or a 304 would never show in the count.
 */
export function benchCertificateSpki(): string {
  const spki = new X509Certificate(benchCertificate().cert).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
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

function listen(server: Server | Http2Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
}

function closeServer(server: Server | Http2Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
