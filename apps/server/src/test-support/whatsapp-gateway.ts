import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GatewayRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: { jid: string; message: string };
  status: number;
};

/**
 * A real WhatsApp gateway stand-in on loopback: it records every request and answers with the
 * status `respond` returns (200 by default). `stop()` closes it, so a test can simulate an outage;
 * `start()` again reopens it on the same port.
 */
export class TestWhatsAppGateway {
  readonly requests: GatewayRequest[] = [];
  respond: (request: Omit<GatewayRequest, 'status'>) => number | Promise<number> = () => 200;
  private server: Server | undefined;
  private port = 0;

  async start(): Promise<string> {
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const received = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      };
      const status = await this.respond(received);
      this.requests.push({ ...received, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The messages that got a 2xx answer, in arrival order. */
  delivered(): GatewayRequest[] {
    return this.requests.filter((r) => r.status < 300);
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
