import { formatKreyol, type Product } from '@kreyolcash/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { CategoryChip } from './category-chip';
import { useCategoryLabels } from './use-category-labels';

type ProductCardProps = {
  product: Pick<Product, 'nome' | 'descricao' | 'categoria' | 'preco_centis' | 'estoque_disponivel'>;
  /** The price's label ("Pri pou chak" on the purchase form). */
  priceLabel?: string;
  /** What the viewer can do with it (the buy button). */
  action?: ReactNode;
};

/** A product or service: name, description, category, price and, when counted, the stock available. */
export function ProductCard({ product, priceLabel, action }: ProductCardProps) {
  const { t } = useTranslation('marketplace');
  const labels = useCategoryLabels();
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-lg leading-snug font-bold break-words text-slate-900">{product.nome}</h3>
      <div>
        <CategoryChip label={labels.product(product.categoria)} />
      </div>
      <p className="text-base break-words whitespace-pre-line text-slate-700">{product.descricao}</p>
      <div className="flex items-end justify-between gap-3">
        <div className="flex flex-col">
          {priceLabel ? <span className="text-sm text-slate-600">{priceLabel}</span> : null}
          <span className="text-xl font-extrabold text-slate-900 tabular-nums">
            {formatKreyol(product.preco_centis)}
          </span>
          {/* The stock still available: what pending purchases hold is not offered again. */}
          {product.estoque_disponivel !== null ? (
            <span className="text-sm text-slate-600">
              {t('common.stock', { count: product.estoque_disponivel })}
            </span>
          ) : null}
        </div>
        {action}
      </div>
    </article>
  );
}
