import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { OutboxChannel } from '../db/schema.ts';
import type { MessageContent } from './render.ts';

/** A message ready to go: its row's address and its rendered content. */
export type OutgoingMessage = MessageContent & { channel: OutboxChannel; recipient: string };

/** Delivers one message or throws; a throw is a failed attempt that the worker retries. */
export type Transport = { name: string; send(message: OutgoingMessage): Promise<void> };
export type Transports = Record<OutboxChannel, Transport>;

const GATEWAY_TIMEOUT_MS = 10_000;

export function whatsappGatewayTransport(options: {
  url: string;
  token: string | undefined;
  sendPath: string;
  timeoutMs?: number;
}): Transport {
  const endpoint = `${options.url.replace(/\/$/, '')}${options.sendPath}`;
  return {
    name: 'whatsapp-gateway',
    async send(message) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: options.token } : {}),
        },
        body: JSON.stringify({ jid: message.recipient, message: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? GATEWAY_TIMEOUT_MS),
      });
      // Drain the body so the connection is reused; its content is only useful in an error.
      const detail = await response.text().catch(() => '');
      if (!response.ok) throw new Error(`gateway answered ${response.status}: ${withoutDigitRuns(detail)}`);
    },
  };
}

// The error becomes a log line and the row's last_error. Some gateways echo the request in their
// error body: runs of digits (the code, the phone) are masked so neither reaches the logs.
function withoutDigitRuns(text: string): string {
  return text.slice(0, 200).replace(/\d{4,}/g, '####');
}

export function smtpTransport(options: { url: string; from: string }): Transport {
  const mailer = nodemailer.createTransport(options.url);
  return {
    name: 'smtp',
    async send(message) {
      await mailer.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject ?? 'KreyolCash',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}

/** Keeps the message where the development outbox page shows it: nothing leaves the machine. */
export const devOutboxTransport: Transport = { name: 'dev-outbox', send: async () => {} };

export function transportsFor(config: Config): Transports {
  return {
    whatsapp: config.whatsapp ? whatsappGatewayTransport(config.whatsapp) : devOutboxTransport,
    email: config.smtpUrl
      ? smtpTransport({ url: config.smtpUrl, from: config.mailFrom })
      : devOutboxTransport,
  };
}
