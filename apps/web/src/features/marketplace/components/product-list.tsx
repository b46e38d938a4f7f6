import type { Product } from '@kreyolcash/domain';
import { Package, Plus, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';
import { LoadMoreButton } from './load-more-button';
import { ProductCard } from './product-card';
import { SoldOutBadge } from './sold-out';

type ProductListProps = {
  companyId: string;
  /** The owner adds services; everyone else buys (spec §6: no buy button on one's own company). */
  isOwner: boolean;
  products: Product[] | undefined;
  failed: boolean;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

export function ProductList({
  companyId,
  isOwner,
  products,
  failed,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: ProductListProps) {
  const { t } = useTranslation('marketplace');
  const addService = (
    <Link to={`/create-service/${companyId}`} className={buttonStyles({ variant: 'secondary' })}>
      <Plus aria-hidden="true" className="size-5" />
      {t('company.addService')}
    </Link>
  );

  return (
    <section aria-labelledby="products-title" className="flex flex-col gap-3">
      <h2 id="products-title" className="text-lg font-bold text-slate-900">
        {t('company.products')}
      </h2>
      {isOwner && products?.length ? addService : null}
      {products === undefined ? (
        failed ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center">
            <p className="text-base text-slate-700">{t('company.productsLoadError')}</p>
            <Button variant="outline" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <div aria-hidden="true" className="flex flex-col gap-3">
            <Skeleton className="h-40 rounded-2xl" />
            <Skeleton className="h-40 rounded-2xl" />
          </div>
        )
      ) : products.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-6 text-center">
          <Package aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-base text-slate-600">
            {isOwner ? t('company.noProductsOwner') : t('company.noProducts')}
          </p>
          {isOwner ? addService : null}
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  action={
                    isOwner ? null : product.estoque_disponivel === 0 ? (
                      <SoldOutBadge />
                    ) : (
                      <Link
                        to={`/purchase/${product.id}/${companyId}`}
                        aria-label={t('company.buyLabel', { name: product.nome })}
                        className={buttonStyles({ variant: 'primary', className: 'shrink-0' })}
                      >
                        <ShoppingCart aria-hidden="true" className="size-5" />
                        {t('company.buy')}
                      </Link>
                    )
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMoreButton hasMore={hasMore} isLoading={isLoadingMore} onLoadMore={onLoadMore} />
        </>
      )}
    </section>
  );
}
