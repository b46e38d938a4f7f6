import type { ProductCreateBody } from '@kreyolcash/domain';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { companyFormSchema } from './company-form-schema';
import { emptyCompanyForm, emptyServiceForm } from './empty-forms';
import { type ServiceFormData, serviceFormSchema } from './service-form-schema';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const service = {
  ...emptyServiceForm,
  nome: 'Pen ak manba',
  descricao: 'Pen fre chak maten',
  categoria: 'food',
};

describe('the create-service form', () => {
  it('reads the typed price into exact centis', () => {
    expect(serviceFormSchema.parse({ ...service, preco: '12,50', estoque: '5' })).toEqual({
      nome: 'Pen ak manba',
      descricao: 'Pen fre chak maten',
      categoria: 'food',
      preco_centis: 1250,
      estoque: 5,
    });
    expect(serviceFormSchema.parse({ ...service, preco: '0,01' }).preco_centis).toBe(1);
    expect(serviceFormSchema.parse({ ...service, preco: '₭ 1.234,56' }).preco_centis).toBe(123456);
    // 0.1 + 0.2 would not be 0.3 in floats; the parser reads digits.
    expect(serviceFormSchema.parse({ ...service, preco: '0.30' }).preco_centis).toBe(30);
  });

  it('says "Pri a dwe pi gwo pase zewo" (price_must_be_positive) for zero, blank or not a number', () => {
    for (const preco of ['0', '0,00', '', 'abc', '-5', '1,234']) {
      expect(fieldErrors(serviceFormSchema.safeParse({ ...service, preco })), preco).toEqual({
        preco: 'price_must_be_positive',
      });
    }
  });

  it('names every missing field at once', () => {
    expect(fieldErrors(serviceFormSchema.safeParse({ ...emptyServiceForm, nome: '  ' }))).toEqual({
      nome: 'service_name_required',
      descricao: 'description_required',
      categoria: 'category_required',
      preco: 'price_must_be_positive',
    });
  });

  it('takes a blank stock as not counted, and refuses a stock that is not a whole number', () => {
    expect(serviceFormSchema.parse({ ...service, preco: '1' }).estoque).toBeNull();
    expect(serviceFormSchema.parse({ ...service, preco: '1', estoque: ' 0 ' }).estoque).toBe(0);
    for (const estoque of ['-1', '1,5', 'dis', '99999999999']) {
      expect(fieldErrors(serviceFormSchema.safeParse({ ...service, preco: '1', estoque })), estoque).toEqual({
        estoque: 'stock_invalid',
      });
    }
  });

  it('yields the API’s body', () => {
    expectTypeOf<ServiceFormData>().toEqualTypeOf<ProductCreateBody>();
  });
});

describe('the create-company form', () => {
  const company = { ...emptyCompanyForm, nome: 'Boulanjri Lakay', descricao: 'Pen cho', categoria: 'bakery' };

  it('leaves out a blank phone and e-mail, and checks them when given', () => {
    expect(companyFormSchema.parse(company)).toEqual({
      nome: 'Boulanjri Lakay',
      descricao: 'Pen cho',
      categoria: 'bakery',
    });
    expect(fieldErrors(companyFormSchema.safeParse({ ...company, telefone: '12', email: 'pa-bon' }))).toEqual(
      {
        telefone: 'phone_invalid',
        email: 'email_invalid',
      },
    );
    expect(companyFormSchema.parse({ ...company, telefone: '+509 3712 3456' }).telefone).toBe('+50937123456');
  });

  it('requires the name, the description and the category', () => {
    expect(fieldErrors(companyFormSchema.safeParse(emptyCompanyForm))).toEqual({
      nome: 'company_name_required',
      descricao: 'description_required',
      categoria: 'category_required',
    });
  });
});
