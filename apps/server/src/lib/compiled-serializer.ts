import { timestampSchema } from '@kreyolcash/domain';
import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type $ZodCheck, $ZodType, safeParse } from 'zod/v4/core';
import type { Config } from '../config.ts';

// The hottest answers (the balance, a transfer's start and verification) are written by fast-json-stringify, compiled
// once from the response schema, instead of zod's parse of the whole answer and JSON.stringify.
// Compiled only where the result is byte for byte what zod's serializer writes for a valid answer:
// any schema with something that changes the answer on the way out (a transform, a default, a
// trim) or that fast-json-stringify would have to guess at (a union) keeps zod's serializer.

type JsonSchema = { [keyword: string]: unknown };

// Keywords that only constrain a value: zod checked them, and they change nothing in the text.
// enum and const go too: fast-json-stringify would write the constant rather than the value.
const CHECK_ONLY = new Set([
  '$schema',
  'description',
  'title',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'enum',
  'const',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
]);
const SCALARS = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/**
 * A hot route's serializer (its `serializerCompiler` option): compiled where exact, zod's
 * otherwise. Under test, zod's check runs beside it.
 */
export function compiledSerializerCompiler(config: Pick<Config, 'env'>): FastifySerializerCompiler<unknown> {
  const checkWithZod = config.env === 'test';
  return (route) => {
    const zodSerializer = () => zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = route.schema;
    if (!(schema instanceof $ZodType)) return zodSerializer();
    const compiled = compileExact(schema);
    if (!compiled) return zodSerializer();
    if (!checkWithZod) return compiled;
    // Tests keep zod's loud failure on an answer off its schema, write with the serializer
    // production uses, and fail on any byte where it differs from what zod's would have written.
    return (data) => {
      const result = safeParse(schema, data);
      if (result.error)
        throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
      const text = compiled(data);
      if (text !== JSON.stringify(result.data)) {
        throw new Error(`${route.method} ${route.url}: the compiled serializer wrote other JSON than zod's`);
      }
      return text;
    };
  };
}

/**
 * A route's sender for an answer already written as JSON text (a statement page, written by
 * PostgreSQL): sent as it is, as application/json, with no serializer. Under test, the text must be
 * byte for byte what zod's serializer would write for the value it holds: read back through the
 * schema (encoded, then decoded) and written again, it is the same text.
 */
export function jsonTextSender(schema: z.ZodType, config: Pick<Config, 'env'>) {
  const checkWithZod = config.env === 'test';
  return (reply: FastifyReply, text: string): FastifyReply => {
    if (checkWithZod) {
      const again = JSON.stringify(z.decode(schema, z.encode(schema, JSON.parse(text))));
      if (again !== text) {
        throw new Error(
          `${reply.request.method} ${reply.request.url}: the JSON text is not what its schema writes`,
        );
      }
    }
    // Encoded once: its length, its ETag's hash and the socket all take these bytes, where each
    // would encode a text again.
    return reply.type('application/json; charset=utf-8').send(Buffer.from(text));
  };
}

/** fast-json-stringify compiled from `schema`, or undefined where it would not write what zod writes. */
export function compileExact(schema: $ZodType): ((data: unknown) => string) | undefined {
  if (!writesInputAsIs(schema)) return undefined;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'output' }) as JsonSchema;
  } catch {
    return undefined;
  }
  const exact = exactJsonSchema(json);
  return exact && fastJson(exact as unknown as Parameters<typeof fastJson>[0]);
}

/**
 * Whether zod's parse hands back the value it was given, up to dropped unknown keys: objects,
 * arrays, scalars without overwrite checks, optional and nullable; of the codecs only the
 * instant's, whose Date → ISO text is what fast-json-stringify writes for a date-time.
 */
function writesInputAsIs(schema: $ZodType): boolean {
  if (schema === timestampSchema) return true;
  const def = schema._zod.def as { type: string; [key: string]: unknown };
  switch (def.type) {
    case 'object':
      return (
        def.catchall === undefined &&
        Object.values(def.shape as Record<string, $ZodType>).every(writesInputAsIs)
      );
    case 'array':
      return writesInputAsIs(def.element as $ZodType);
    case 'optional':
    case 'nullable':
      return writesInputAsIs(def.innerType as $ZodType);
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'enum':
    case 'literal':
      return !((def.checks as $ZodCheck[] | undefined) ?? []).some(
        (check) => check._zod.def.check === 'overwrite',
      );
    default:
      return false;
  }
}

/**
 * The JSON Schema fast-json-stringify writes exactly as JSON.stringify would: only objects that
 * drop unknown keys, arrays of one item schema, scalars, and "X or null" (as nullable, which
 * needs no validator at run time). Anything else: undefined.
 */
function exactJsonSchema(node: JsonSchema): JsonSchema | undefined {
  const orNull = nonNullOption(node);
  if (orNull) {
    const inner = exactJsonSchema(orNull);
    return inner && { ...inner, nullable: true };
  }
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (CHECK_ONLY.has(keyword)) continue;
    out[keyword] = value;
  }
  const type = out.type;
  if (Array.isArray(type)) {
    const single = type.filter((t) => t !== 'null');
    if (single.length !== 1 || type.length !== 2) return undefined;
    return exactJsonSchema({ ...out, type: single[0], nullable: true });
  }
  if (type === 'object') return exactObject(out);
  if (type === 'array') return exactArray(out);
  if (typeof type === 'string' && SCALARS.has(type)) return exactScalar(out);
  return undefined;
}

function nonNullOption(node: JsonSchema): JsonSchema | undefined {
  const options = node.anyOf;
  if (!Array.isArray(options) || options.length !== 2 || Object.keys(node).length !== 1) return undefined;
  const isNull = (o: JsonSchema) => o.type === 'null' && Object.keys(o).length === 1;
  const [a, b] = options as [JsonSchema, JsonSchema];
  if (isNull(b)) return a;
  if (isNull(a)) return b;
  return undefined;
}

function exactObject(node: JsonSchema): JsonSchema | undefined {
  const { type, properties = {}, required = [], additionalProperties, nullable, ...rest } = node;
  if (Object.keys(rest).length > 0 || additionalProperties !== false) return undefined;
  const exactProperties: Record<string, JsonSchema> = {};
  for (const [key, value] of Object.entries(properties as Record<string, JsonSchema>)) {
    const exact = exactJsonSchema(value);
    if (!exact) return undefined;
    exactProperties[key] = exact;
  }
  return withNullable(
    {
      type,
      properties: exactProperties,
      required: inWrittenOrder(exactProperties, required as string[]),
      additionalProperties: false,
    },
    nullable,
  );
}

/**
 * fast-json-stringify writes required properties first; zod writes the shape's order. Where an
 * optional property comes before a required one, none is marked required, so that the order is
 * the shape's: whether a required one is there is zod's check to make, not the writer's.
 */
function inWrittenOrder(properties: Record<string, JsonSchema>, required: string[]): string[] {
  const keys = Object.keys(properties);
  const requiredFirst = keys.slice(0, required.length).every((key) => required.includes(key));
  return requiredFirst ? required : [];
}

function exactArray(node: JsonSchema): JsonSchema | undefined {
  const { type, items, nullable, ...rest } = node;
  if (Object.keys(rest).length > 0 || typeof items !== 'object' || items === null || Array.isArray(items)) {
    return undefined;
  }
  const exactItems = exactJsonSchema(items as JsonSchema);
  return exactItems && withNullable({ type, items: exactItems }, nullable);
}

function exactScalar(node: JsonSchema): JsonSchema | undefined {
  const { type, format, nullable, ...rest } = node;
  if (Object.keys(rest).length > 0) return undefined;
  // date-time is kept, for a Date under the instant's codec; other formats only check text.
  const kept = format === 'date-time' ? { type, format } : { type };
  return withNullable(kept, nullable);
}

function withNullable(node: JsonSchema, nullable: unknown): JsonSchema {
  return nullable === true ? { ...node, nullable: true } : node;
}
