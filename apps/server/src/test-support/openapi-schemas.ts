// Tests that build requests from the served OpenAPI document (the fuzz test, the chaos suite's
// intrusion matrix) read request bodies whose schemas the document may name under
// components.schemas: each `$ref` is replaced by what it names before a body is made of it.

type Named = {
  $ref?: string;
  properties?: Record<string, Named>;
  anyOf?: Named[];
  oneOf?: Named[];
  allOf?: Named[];
};

/** The schema with every `$ref` to the document's components replaced by what it names. */
export function inlineRefs<S extends object>(
  schema: S | undefined,
  components: Record<string, object> | undefined,
  depth = 0,
): S | undefined {
  const s = schema as Named | undefined;
  if (!s || depth > 10) return schema;
  if (s.$ref)
    return inlineRefs(components?.[s.$ref.split('/').pop() ?? ''] as S | undefined, components, depth + 1);
  const each = (list: Named[] | undefined) =>
    list?.map((item) => inlineRefs(item, components, depth + 1) ?? item);
  return {
    ...s,
    ...(s.properties && {
      properties: Object.fromEntries(
        Object.entries(s.properties).map(([key, value]) => [
          key,
          inlineRefs(value, components, depth + 1) ?? value,
        ]),
      ),
    }),
    ...(s.anyOf && { anyOf: each(s.anyOf) }),
    ...(s.oneOf && { oneOf: each(s.oneOf) }),
    ...(s.allOf && { allOf: each(s.allOf) }),
  } as S;
}
