import type { CompanyFormValues } from './company-form-schema';
import type { ServiceFormValues } from './service-form-schema';

// The forms' starting values, apart from their schemas (which load in the background).

export const emptyCompanyForm: CompanyFormValues = {
  nome: '',
  descricao: '',
  categoria: '',
  telefone: '',
  email: '',
};

export const emptyServiceForm: ServiceFormValues = {
  nome: '',
  descricao: '',
  categoria: '',
  preco: '',
  estoque: '',
};
