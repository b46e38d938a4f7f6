import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY_KEYS = /token|code|codigo|password|senha|secret|key/i;

// Logs never carry credentials, tokens or codes: headers and body fields holding them are
// redacted, and secret-looking query values are masked before the URL is written.
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access_token',
        '*.refresh_token',
        '*.codigo',
        '*.code',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: maskUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

export function maskUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  }
  return `${path}?${params.toString()}`;
}
