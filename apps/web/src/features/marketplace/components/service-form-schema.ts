import { errorKey, priceTextField, productCreateSchema } from '@kreyolcash/domain';
import { z } from 'zod';

// Loaded only through dynamic import (lazyZodResolver): zod stays off the screen's first download.

const { shape } = productCreateSchema;

// Stock is typed as text: blank means "not counted" (null); anything else must be a whole number.
const stockTextField = z
  .string()
  .trim()
  .refine((text) => text === '' || /^\d+$/.test(text), errorKey('stock_invalid'))
  .transform((text): unknown => (text === '' ? undefined : Number(text)))
  .pipe(shape.estoque);

// The create-service form. The price is what the seller types (`12,50`), read into exact centis
// by the domain's parser (never through a float); it must be at least ₭ 0,01.
export const serviceFormSchema = z
  .object({
    nome: shape.nome,
    descricao: shape.descricao,
    categoria: z.string().pipe(shape.categoria),
    preco: priceTextField,
    estoque: stockTextField,
  })
  .transform(({ preco, ...service }) => ({ ...service, preco_centis: preco }));
export type ServiceFormValues = z.input<typeof serviceFormSchema>;
export type ServiceFormData = z.output<typeof serviceFormSchema>;
