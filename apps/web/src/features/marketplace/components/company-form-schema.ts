import { companyCreateSchema } from '@kreyolcash/domain';
import { z } from 'zod';

// Loaded only through dynamic import (lazyZodResolver): zod stays off the screen's first download.

const { shape } = companyCreateSchema;

// Text handed on as is to an API field that takes any input (its optional fields read '' as absent).
const typedText = z.string().transform((text): unknown => text);

// The create-company form: every field is text in the form (a select starts at '', an optional
// field left blank is ''), and the API's own rules decide (companyCreateSchema).
export const companyFormSchema = z.object({
  nome: shape.nome,
  descricao: shape.descricao,
  categoria: z.string().pipe(shape.categoria),
  telefone: typedText.pipe(shape.telefone),
  email: typedText.pipe(shape.email),
});
export type CompanyFormValues = z.input<typeof companyFormSchema>;
