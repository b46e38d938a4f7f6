import type { AdminCompany, AdminModerationResult, AdminProduct } from '@kreyolcash/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { formatKreyol, useAdminLocale, useAdminText } from '../i18n';
import { BackLink, WhenLoaded } from '../query-state';
import { useCompany } from './moderation-api';
import { Outcome, ReasonAction } from './reason-action';
import { StatusBadge } from './status-badge';
import { moderationTexts } from './texts';

/** A company of any status: its owner, its products, and what moderation can do to each. */
export function CompanyPage() {
  const { id = '' } = useParams();
  const t = useAdminText(moderationTexts);
  const company = useCompany(id);
  const back = <BackLink label={t('company.back')} />;
  return (
    <WhenLoaded query={company} back={back} errorText={(code) => t(`error.${code}`)}>
      {(data) => {
        const { empresa, produtos } = data;
        return (
          <section className="flex flex-col gap-4">
            {back}
            <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
              <div className="flex flex-col gap-4">
                <Header empresa={empresa} />
                <Card className="p-4">
                  <h2 className="mb-2 text-lg font-bold text-slate-900">{t('company.products')}</h2>
                  {produtos.length ? (
                    <ul className="flex flex-col divide-y divide-slate-100" data-testid="products">
                      {produtos.map((p) => (
                        <ProductRow key={p.id} product={p} />
                      ))}
                    </ul>
                  ) : (
                    <p className="text-slate-600">{t('company.noProducts')}</p>
                  )}
                </Card>
              </div>
              <CompanyActions empresa={empresa} />
            </div>
          </section>
        );
      }}
    </WhenLoaded>
  );
}

function Header({ empresa }: { empresa: AdminCompany }) {
  const t = useAdminText(moderationTexts);
  return (
    <Card className="flex flex-col gap-1 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-bold break-words text-slate-900">{empresa.nome}</h1>
        <StatusBadge status={empresa.status} />
      </div>
      <p className="text-sm break-words text-slate-700">{empresa.descricao}</p>
      <p className="text-sm break-words text-slate-600">
        {t('company.owner', { name: empresa.dono_nome, email: empresa.dono_email })}
      </p>
      {empresa.compras_pendentes > 0 ? (
        <p className="text-sm font-semibold text-amber-800">
          {t('company.pending', { count: empresa.compras_pendentes })}
        </p>
      ) : null}
    </Card>
  );
}

function CompanyActions({ empresa }: { empresa: AdminCompany }) {
  const t = useAdminText(moderationTexts);
  const path = (action: string) => `/companies/${empresa.id}/${action}`;
  // An action's button goes away with the status it left, so the card shows the last outcome.
  const [last, setLast] = useState<AdminModerationResult | null>(null);
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="text-lg font-bold text-slate-900">{t('company.actions')}</h2>
      <p className="text-sm text-slate-600">{t('company.effect')}</p>
      {last ? <Outcome result={last} /> : null}
      {empresa.status !== 'ATIVA' ? (
        <ReasonAction
          path={path('reactivate')}
          label={t('action.reactivate')}
          variant="secondary"
          testId="company-reactivate"
          onDone={setLast}
        />
      ) : null}
      {empresa.status !== 'SUSPENSA' ? (
        <ReasonAction
          path={path('suspend')}
          label={t('action.suspend')}
          testId="company-suspend"
          onDone={setLast}
        />
      ) : null}
      {empresa.status !== 'INATIVA' ? (
        <ReasonAction
          path={path('deactivate')}
          label={t('action.close')}
          testId="company-deactivate"
          onDone={setLast}
        />
      ) : null}
    </Card>
  );
}

function ProductRow({ product }: { product: AdminProduct }) {
  const t = useAdminText(moderationTexts);
  const { locale } = useAdminLocale();
  const active = product.status !== 'INATIVO';
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
      data-testid="product"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-slate-900">{product.nome}</span>
          <StatusBadge status={product.status} />
        </div>
        <p className="text-sm text-slate-600">
          {formatKreyol(product.preco_centis, locale)} ·{' '}
          {product.estoque === null
            ? t('product.noStock')
            : t('product.stock', { stock: product.estoque, reserved: product.estoque_reservado })}
        </p>
      </div>
      <div className="sm:w-56">
        <ReasonAction
          path={`/products/${product.id}/${active ? 'deactivate' : 'reactivate'}`}
          label={t(active ? 'action.deactivate' : 'action.reactivate')}
          name={t(active ? 'action.deactivateProduct' : 'action.reactivateProduct', { name: product.nome })}
          testId={active ? 'product-deactivate' : 'product-reactivate'}
        />
      </div>
    </li>
  );
}
