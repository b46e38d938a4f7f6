import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { AppInstance } from '../app.ts';

// Every response an API test receives is held against the OpenAPI document the server publishes:
// its status must be declared for the operation, its JSON body must match the declared schema
// (no undeclared field, no undeclared error code). A broken contract fails the test that met it.
//
// CONTRACT_REPORT=<file> writes each breach to the file instead of failing, to survey a change.

type Operation = {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  responses: Responses;
};
type Responses = Record<string, { content?: Record<string, { schema?: object }> }>;
type Received = { statusCode: number; headers: Record<string, unknown>; body: string };

const CONTRACT_ID = 'kc:contract';

export class ContractCheck {
  private readonly operations: Operation[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });

  constructor(document: {
    paths?: Record<string, Record<string, { responses?: Responses }>>;
    components?: object;
  }) {
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: CONTRACT_ID, components: document.components ?? {} });
    this.operations = Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
        responses: operation.responses ?? {},
      })),
    );
  }

  /** What is wrong with this response under the contract, or undefined when it keeps it. */
  breachOf(method: string, url: string, received: Received): string | undefined {
    const path = url.split('?')[0] ?? url;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs') || path.startsWith('/api/dev/'))
      return undefined;
    const operation = this.operationFor(method, path);
    // A path the document does not list may only be refused (unknown route, body too large).
    if (!operation) return received.statusCode >= 400 ? undefined : `${method} ${path}: no such operation`;
    const name = `${method} ${operation.template}`;
    const declared = this.responseFor(operation, received.statusCode);
    if (!declared) return `${name}: status ${received.statusCode} is not declared${codeIn(received)}`;
    const mediaType =
      String(received.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    if (!declared.content)
      return received.body === '' ? undefined : `${name}: ${received.statusCode} has no body`;
    const media = declared.content[mediaType];
    if (!media) return `${name}: ${received.statusCode} is not declared as ${mediaType || 'an empty body'}`;
    if (mediaType !== 'application/json' || !media.schema) return undefined;
    const validate = this.validatorFor(`${name} ${received.statusCode}`, media.schema);
    if (validate(JSON.parse(received.body))) return undefined;
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
    return `${name}: ${received.statusCode} body breaks its schema: ${problems.join('; ')} in ${received.body.slice(0, 300)}`;
  }

  private operationFor(method: string, path: string): Operation | undefined {
    const verb = method === 'HEAD' ? 'GET' : method;
    return this.operations
      .filter((operation) => operation.method === verb && operation.pattern.test(path))
      .sort((a, b) => a.params - b.params)[0];
  }

  private responseFor(operation: Operation, status: number) {
    return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
  }

  private validatorFor(key: string, schema: object): ValidateFunction {
    const known = this.validators.get(key);
    if (known) return known;
    const anchored = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', `"${CONTRACT_ID}#/components/`),
    );
    const validate = this.ajv.compile(anchored);
    this.validators.set(key, validate);
    return validate;
  }
}

function codeIn(received: Received): string {
  const code = /"code":"(\w+)"/.exec(received.body)?.[1];
  return code ? ` (${code})` : '';
}

/** Makes every `app.inject` call of a test check its response against the app's own document. */
export function checkResponsesAgainstContract(app: AppInstance): void {
  const check = new ContractCheck(app.swagger() as ConstructorParameters<typeof ContractCheck>[0]);
  const inject = app.inject.bind(app);
  const report = process.env.CONTRACT_REPORT;
  const checked = (options?: unknown, callback?: unknown) => {
    if (options === undefined || callback !== undefined)
      return (inject as (...a: unknown[]) => unknown)(options, callback);
    const request =
      typeof options === 'string'
        ? { method: 'GET', url: options }
        : (options as { method?: string; url?: string; path?: string });
    return (inject as (o: unknown) => Promise<Received>)(options).then((received) => {
      const method = (request.method ?? 'GET').toUpperCase();
      const breach = check.breachOf(method, String(request.url ?? request.path ?? ''), received);
      if (breach && report) appendFileSync(report, `${breach}\n`);
      else if (breach) throw new Error(`The response breaks the API contract: ${breach}`);
      return received;
    });
  };
  app.inject = checked as typeof app.inject;
}
