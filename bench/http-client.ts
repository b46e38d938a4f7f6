import { randomUUID } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';

export type BenchUser = { email: string; phone: string; accessToken: string };

// node:http with kept-alive connections rather than fetch: the load client shares this machine's
// two cores with the server and PostgreSQL, and fetch costs it several times more CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

type Answer = { status: number; body: Record<string, unknown> };

function request(url: string, method: 'GET' | 'POST', headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {}
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const text = JSON.stringify(body);
  return request(
    url,
    'POST',
    { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers },
    text,
  );
}

/** A person signed up, confirmed and logged in through the HTTP API, as the app would. */
export async function createUserOverHttp(baseUrl: string, n: number): Promise<BenchUser> {
  const tag = `${Date.now() % 1_000_000}${String(n).padStart(4, '0')}`.slice(-10).padStart(10, '1');
  const email = `bench${tag}@example.ht`;
  // A Haitian mobile (+5093…): the sign-up takes no other Haitian number.
  const phone = `+5093${tag.slice(-7)}`;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    nome_completo: `Bench User ${n}`,
    documento: tag,
    email,
    telefone: phone,
    data_nascimento: '1990-01-01',
    sexo: 'F',
    password: 'Bench-Password-1',
  }))
    form.append(key, value);
  const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();
  form.append('document_photo', new Blob([new Uint8Array(photo)]), 'doc.jpg');
  form.append('profile_photo', new Blob([new Uint8Array(photo)]), 'me.jpg');
  const signup = await fetch(`${baseUrl}/api/auth/signup`, { method: 'POST', body: form });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${await signup.text()}`);
  const outbox = await readOutbox(`${baseUrl}/api/dev/outbox?recipient=${encodeURIComponent(email)}&limit=1`);
  const token = String(outbox.items[0]?.text ?? '').match(/token=([\w-]+)/)?.[1];
  await post(`${baseUrl}/api/auth/confirm-email`, { token });
  const login = await post(`${baseUrl}/api/auth/login`, { email, password: 'Bench-Password-1' });
  const accessToken = String(login.body.access_token);
  await provePhoneOverHttp(baseUrl, accessToken, phone);
  return { email, phone, accessToken };
}

/** Proves the sign-up phone with the code the development outbox shows: only a
 * proven phone sends money. */
export async function provePhoneOverHttp(baseUrl: string, accessToken: string, phone: string): Promise<void> {
  const auth = { authorization: `Bearer ${accessToken}` };
  const sent = await post(`${baseUrl}/api/me/phone-proof`, {}, auth);
  if (sent.status !== 202) throw new Error(`phone proof failed: ${sent.status}`);
  const outbox = await readOutbox(`${baseUrl}/api/dev/outbox?recipient=${encodeURIComponent(phone)}&limit=1`);
  const codigo = String(outbox.items[0]?.text ?? '').match(/\*(\d{6})\*/)?.[1];
  const proven = await post(`${baseUrl}/api/me/phone-proof/verify`, { codigo }, auth);
  if (proven.status !== 200) throw new Error(`phone proof failed: ${proven.status}`);
}

type OutboxItem = { text: string; referencia: string | null };

async function readOutbox(url: string): Promise<{ items: OutboxItem[] }> {
  return (await request(url, 'GET', {})).body as { items: OutboxItem[] };
}

/** A complete flow: whether it ended as a person would want, and each of its requests' latency. */
export type FlowTiming = { ok: boolean; requestMs: number[] };

/** One complete transfer: initiate, read the code as the payer would (the development outbox), verify. */
export function transferOverHttp(
  baseUrl: string,
  payer: BenchUser,
  payee: BenchUser,
  centis: number,
): Promise<FlowTiming> {
  return completeOverHttp(baseUrl, payer, {
    start: ['/api/transfers', { destinatario_email: payee.email, quantidade_centis: centis }],
    subjectOf: (body) => String(body.movimentacao_id),
    verifyPath: (id) => `/api/transfers/${id}/verify`,
  });
}

/**
 * A money flow confirmed by a code, as the person makes it: start it (with an Idempotency-Key),
 * read their latest code as they would read WhatsApp (the development outbox), verify.
 */
async function completeOverHttp(
  baseUrl: string,
  person: BenchUser,
  flow: {
    start: [path: string, body: object];
    subjectOf: (answer: Record<string, unknown>) => string;
    verifyPath: (subject: string) => string;
  },
): Promise<FlowTiming> {
  const timed = timedRequests();
  const [path, body] = flow.start;
  const begun = await timed.post(baseUrl, path, body, person, { 'idempotency-key': randomUUID() });
  if (begun.status !== 201) return timed.ended(false);
  const subject = flow.subjectOf(begun.body);
  const codigo = await latestCodeFor(baseUrl, person, subject);
  const verified = await timed.post(baseUrl, flow.verifyPath(subject), { codigo }, person);
  return timed.ended(verified.status === 200);
}

/** POSTs as a signed-in person, each request's latency kept for the flow's timing. */
function timedRequests() {
  const requestMs: number[] = [];
  return {
    async post(
      baseUrl: string,
      path: string,
      body: object,
      as: BenchUser,
      headers: Record<string, string> = {},
    ) {
      const started = performance.now();
      const answer = await post(`${baseUrl}${path}`, body, {
        authorization: `Bearer ${as.accessToken}`,
        ...headers,
      });
      requestMs.push(performance.now() - started);
      return answer;
    },
    ended: (ok: boolean): FlowTiming => ({ ok, requestMs }),
  };
}

/** A registered agent (bench/agents-seed.ts) as the HTTP benches use one: the person and their number. */
export type BenchAgent = { person: BenchUser; numero: number };

/**
 * An agent's cash-in, as the agent makes it at the counter: hold from the float for the customer's
 * phone, read the agent's own code (the development outbox), confirm.
 */
export async function cashInOverHttp(
  baseUrl: string,
  agent: BenchAgent,
  customer: BenchUser,
  centis: number,
): Promise<FlowTiming> {
  const timed = timedRequests();
  const held = await timed.post(
    baseUrl,
    '/api/me/agent/cash-ins',
    { telefone: customer.phone, quantidade_centis: centis },
    agent.person,
    {
      'idempotency-key': randomUUID(),
    },
  );
  if (held.status !== 201) return timed.ended(false);
  const movement = String(held.body.movimentacao_id);
  const codigo = await codeFor(baseUrl, agent.person, movement);
  const confirmed = await timed.post(
    baseUrl,
    `/api/me/agent/cash-ins/${movement}/confirm`,
    { codigo },
    agent.person,
  );
  return timed.ended(confirmed.status === 200);
}

/**
 * A customer's cash-out at an agent: the terms and a code to the customer, the customer's
 * confirmation with the fee they saw (the hold), then the agent's hand-over (the posting).
 */
export async function cashOutOverHttp(
  baseUrl: string,
  agent: BenchAgent,
  customer: BenchUser,
  centis: number,
): Promise<FlowTiming> {
  const timed = timedRequests();
  const terms = { agente_numero: agent.numero, quantidade_centis: centis };
  const started = await timed.post(baseUrl, '/api/cash-outs', terms, customer, {
    'idempotency-key': randomUUID(),
  });
  if (started.status !== 201) return timed.ended(false);
  const request = String(started.body.pedido_id);
  const fee = (started.body.cotacao as { tarifa_centis: number }).tarifa_centis;
  const codigo = await codeFor(baseUrl, customer, request);
  const held = await timed.post(
    baseUrl,
    `/api/cash-outs/${request}/confirm`,
    { ...terms, tarifa_centis: fee, codigo },
    customer,
  );
  if (held.status !== 200 && held.status !== 201) return timed.ended(false);
  const handedOver = await timed.post(
    baseUrl,
    `/api/me/agent/cash-outs/${String(held.body.movimentacao_id)}/hand-over`,
    {},
    agent.person,
    {
      'idempotency-key': randomUUID(),
    },
  );
  return timed.ended(handedOver.status === 200);
}

/** A company of the owner's with one product of unlimited stock, through the API; the product's id. */
export async function createProductOverHttp(baseUrl: string, owner: BenchUser): Promise<string> {
  const auth = { authorization: `Bearer ${owner.accessToken}` };
  const company = await post(
    `${baseUrl}/api/companies`,
    { nome: 'Boulanjri Lakay', descricao: 'Pen cho chak maten', categoria: 'bakery' },
    auth,
  );
  if (company.status !== 201) throw new Error(`company creation failed: ${company.status}`);
  const product = await post(
    `${baseUrl}/api/companies/${String(company.body.id)}/products`,
    {
      nome: 'Pen',
      descricao: 'Pen fre',
      categoria: 'food',
      preco_centis: 1 + Math.floor(Math.random() * 20),
    },
    auth,
  );
  if (product.status !== 201) throw new Error(`product creation failed: ${product.status}`);
  return String(product.body.id);
}

/** One complete purchase of one unit: start it, read the code as the buyer would, verify. */
export function purchaseOverHttp(baseUrl: string, buyer: BenchUser, productId: string): Promise<FlowTiming> {
  return completeOverHttp(baseUrl, buyer, {
    start: ['/api/purchases', { produto_id: productId, quantidade: 1 }],
    subjectOf: (body) => String(body.venda_id),
    verifyPath: (sale) => `/api/purchases/${sale}/verify`,
  });
}

/**
 * The code of `subject` among the person's latest code messages: an agent at a busy counter has
 * several cash-ins waiting at once, each with its own code.
 */
async function codeFor(baseUrl: string, person: BenchUser, subject: string): Promise<string | undefined> {
  const phone = encodeURIComponent(person.phone);
  const outbox = await readOutbox(`${baseUrl}/api/dev/outbox?recipient=${phone}&only=codes&limit=8`);
  const message = outbox.items.find((m) => m.referencia === subject);
  return message ? String(message.text ?? '').match(/\*(\d{6})\*/)?.[1] : undefined;
}

/** The person's latest code message, as they read WhatsApp: its code, only if it is `subject`'s. */
async function latestCodeFor(
  baseUrl: string,
  person: BenchUser,
  subject: string,
): Promise<string | undefined> {
  const phone = encodeURIComponent(person.phone);
  const outbox = await readOutbox(`${baseUrl}/api/dev/outbox?recipient=${phone}&only=codes&limit=1`);
  const message = outbox.items[0];
  return message?.referencia === subject ? String(message.text ?? '').match(/\*(\d{6})\*/)?.[1] : undefined;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
