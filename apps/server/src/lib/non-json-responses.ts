import { z } from 'zod';

// Successes that carry no JSON. Their schema's own JSON Schema (zod's documented
// `_zod.toJSONSchema` override) is what the document shows for the response; Fastify sends such
// bodies as they are (a Buffer, a stream, nothing), so the zod serializer never reads them.

/**
 * A file, not JSON: the document lists each media type the body may have, so a client knows what
 * it gets.
 */
export function fileResponse<Body>(description: string, mediaTypes: readonly string[]) {
  const schema = z.custom<Body>(() => true);
  schema._zod.toJSONSchema = () => ({
    description,
    content: Object.fromEntries(
      mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
    ),
  });
  return schema;
}

/** No body at all (204). */
export function emptyResponse(description: string) {
  const schema = z.null();
  schema._zod.toJSONSchema = () => ({ type: 'null', description });
  return schema;
}
