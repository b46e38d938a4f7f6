import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { contractDescriptions, contractSchemas, type ErrorCode, httpStatusOf } from '@kreyolcash/domain';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../app-deps.ts';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The refusals the route itself may give. The document lists them by status, each with the
     * one error body narrowed to its codes; the refusals every route of its kind can give (no
     * session, a malformed body, a server failure) are added for it.
     */
    errors?: readonly ErrorCode[];
    /**
     * A multipart form the route reads itself (Fastify does not validate it): its text fields
     * and its files, for the document only.
     */
    form?: { fields?: z.ZodObject; files: readonly string[] };
  }
}

// The three ways to call the API, named once for every route's `security`.
export const BEARER = [{ bearer: [] }] as const;
export const OPERATOR_SESSION = [{ operatorSession: [] }] as const;
export const PUBLIC = [] as const;

const SCHEMA_REF = '#/components/schemas/';

export const API_TAGS = [
  { name: 'account', description: 'Sign-up, e-mail confirmation, sign-in, sessions and passwords.' },
  {
    name: 'profile',
    description: 'The person: profile, photo, phone, language, limits, identity and freezing.',
  },
  { name: 'wallet', description: 'Balance, statement and the movements waiting.' },
  { name: 'transfers', description: 'Sending ₭ to a person, confirmed with a code sent over WhatsApp.' },
  { name: 'purchases', description: 'Buying from a business of the marketplace.' },
  { name: 'marketplace', description: 'Businesses, their products and services, and their sales.' },
  { name: 'referrals', description: 'Inviting friends and the bonus it earns.' },
  { name: 'support', description: 'Support channels and help requests.' },
  {
    name: 'agents',
    description: 'Agents who change cash for ₭ and back: finding one, and an agent’s own profile.',
  },
  { name: 'realtime', description: 'Server-sent events of the ledger.' },
  { name: 'health', description: 'Liveness and readiness probes.' },
  { name: 'backoffice', description: "The operators' back office." },
] as const;

export async function registerOpenApi(app: AppInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'KreyolCash API',
        version: '1.0.0',
        description: 'The wallet and marketplace API of KreyolCash. Amounts are integer centis of ₭.',
        license: { name: 'Proprietary: KreyolCash terms of use', url: `${config.publicUrl}/legal/terms` },
      },
      servers: [{ url: config.publicUrl, description: 'This server' }],
      tags: [...API_TAGS],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          operatorSession: { type: 'apiKey', in: 'cookie', name: 'kc_op' },
        },
      },
    },
    transform: contractTransform,
    transformObject: contractDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: contractSchemas });

/** A route's zod schemas as JSON Schema, with every refusal it can give. */
const contractTransform: SwaggerTransform = (input) => {
  const { schema, url } = zodTransform(input);
  if (!schema || schema.hide) return { schema, url };
  const { errors, form, ...rest } = schema as typeof schema & Pick<FastifySchema, 'errors' | 'form'>;
  const given = input.schema ?? {};
  if (form) Object.assign(rest, { body: formBody(form), consumes: ['multipart/form-data'] });
  const hasInput = ['body', 'querystring', 'params', 'headers'].some((part) => part in given);
  const refusals = errorResponses(errors ?? [], {
    secured: (given.security?.length ?? 0) > 0,
    // Fastify reads a body sent with any of these, declared or not, and may refuse it.
    hasBody: 'body' in given || BODY_METHODS.has(String(input.route.method).toUpperCase()),
    hasParams: 'params' in given,
    hasInput: hasInput || form !== undefined,
  });
  return { schema: { ...rest, response: { ...described(rest.response), ...refusals } }, url };
};

const BODILESS: Record<string, string> = {
  '204': 'Done: nothing to return',
  '304': 'Not modified: the copy the client holds is current (ETag)',
};

/** Each answer with what it means: the named shape's description, or what its status says. */
function described(responses: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((responses ?? {}) as Record<string, Record<string, unknown>>).map(([status, schema]) => {
      if (schema.description) return [status, schema];
      const shape = typeof schema.$ref === 'string' ? schema.$ref.slice(SCHEMA_REF.length) : undefined;
      const meaning =
        (shape && contractDescriptions().get(shape)) ?? BODILESS[status] ?? SUCCESS[status] ?? shape;
      return [status, meaning ? { ...schema, description: meaning } : schema];
    }),
  );
}

const SUCCESS: Record<string, string> = { '200': 'Done', '201': 'Created', '202': 'Accepted: on its way' };

const IMAGE_FILE = {
  type: 'string',
  contentMediaType: 'image/jpeg',
  description: 'A JPG or PNG photo, 5 MB at most',
};

function formBody(form: NonNullable<FastifySchema['form']>): object {
  const fields = form.fields
    ? (z.toJSONSchema(form.fields, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as {
        properties?: object;
        required?: string[];
      })
    : {};
  return {
    type: 'object',
    properties: { ...fields.properties, ...Object.fromEntries(form.files.map((name) => [name, IMAGE_FILE])) },
    required: [...(fields.required ?? []), ...form.files],
  };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteKind = { secured: boolean; hasBody: boolean; hasParams: boolean; hasInput: boolean };

function errorResponses(own: readonly ErrorCode[], kind: RouteKind): Record<string, unknown> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  const add = (code: ErrorCode, status = httpStatusOf(code)) => {
    const codes = byStatus.get(status) ?? new Set<ErrorCode>();
    byStatus.set(status, codes.add(code));
  };
  for (const code of own) add(code);
  if (kind.secured) add('unauthorized');
  // A path the router cannot decode, or a path parameter over its length, never reaches the route.
  if (kind.hasParams) add('bad_request');
  // A body that is not JSON, too big, or of another type never reaches the route.
  if (kind.hasBody) {
    add('bad_request');
    add('payload_too_large');
    add('bad_request', 415);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = refusalSchema([...codes]);
  }
  // Any field of the request may be refused; `fields` names each, `code` the first.
  if (kind.hasInput) {
    responses[422] = {
      description: 'A field is refused: `fields` names each, `code` the first.',
      $ref: ref('ErrorBody'),
    };
  }
  responses['5XX'] = {
    description: 'The server failed (internal_error) or is restarting (service_unavailable).',
    $ref: ref('ErrorBody'),
  };
  return responses;
}

function refusalSchema(codes: ErrorCode[]) {
  return {
    description: `Refused: ${codes.join(', ')}.`,
    allOf: [
      { $ref: ref('ErrorBody') },
      { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: codes } } } } },
    ],
  };
}

function ref(id: string): string {
  return `${SCHEMA_REF}${id}`;
}

/** The document with the named schemas that its operations use, and only those. */
const contractDocument: SwaggerTransformObject = (input) => {
  if (!('openapiObject' in input)) throw new Error('OpenAPI 2.0 is not supported');
  const document = input.openapiObject;
  const named = { ...namedSchemas('output', ''), ...namedSchemas('input', 'Input') };
  const used = schemasReachedFrom(document.paths ?? {}, named);
  const schemas = Object.fromEntries(Object.entries(named).filter(([id]) => used.has(id)));
  return { ...document, components: { ...document.components, schemas } } as typeof document;
};

function namedSchemas(io: 'input' | 'output', suffix: string): Record<string, object> {
  const { schemas } = z.toJSONSchema(contractSchemas, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: (id) => ref(`${id}${suffix}`),
  });
  const descriptions = contractDescriptions();
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _uri, id: _id, ...rest } = schema as Record<string, unknown>;
      const description = descriptions.get(id);
      return [`${id}${suffix}`, description ? { description, ...rest } : rest];
    }),
  );
}

function schemasReachedFrom(root: unknown, named: Record<string, object>): Set<string> {
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        const id = value.slice(SCHEMA_REF.length);
        if (!used.has(id)) {
          used.add(id);
          visit(named[id]);
        }
      } else visit(value);
    }
  };
  visit(root);
  return used;
}
