import { z } from 'zod';

// The HTTP contract's named shapes. A schema registered here is published once under
// components.schemas in the OpenAPI document and referenced by name everywhere it is used, so a
// client generated from the document gets one type per shape, with the name the web app uses.
export type ContractMeta = { id: string; description?: string };

export const contractSchemas = z.registry<ContractMeta>();
const takenIds = new Set<string>();
const descriptions = new Map<string, string>();

/** Registers `schema` under `id` (PascalCase, unique) and returns it unchanged. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  if (contractSchemas.get(schema)) throw new Error(`schema ${id} is registered twice`);
  if (takenIds.has(id)) throw new Error(`the name ${id} is taken by another schema`);
  takenIds.add(id);
  if (description !== undefined) descriptions.set(id, description);
  contractSchemas.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

/** Each named shape's description by its id, for the document (zod's export drops them). */
export function contractDescriptions(): ReadonlyMap<string, string> {
  return descriptions;
}
