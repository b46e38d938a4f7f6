import { Gift, type LucideIcon, MessageCircle, Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

/** Spec §9: the landing carousel moves on every 5 seconds. */
const carouselIntervalMs = 5000;

/**
 * The prerendered landing shows its first card before the app has taken it over, and
 * public/after-paint.js notes when (`data-shown-at` on <html>): that card's time counts from then,
 * not from the takeover. Read once: a later visit of the landing, within the app, gets a full turn.
 */
let shownAt: number | undefined =
  typeof document === 'undefined' ? undefined : Number(document.documentElement.dataset.shownAt) || undefined;
function firstTurnMs(): number {
  const since = shownAt === undefined ? 0 : Date.now() - shownAt;
  shownAt = undefined;
  return Math.min(carouselIntervalMs, Math.max(0, carouselIntervalMs - since));
}

type Slide = { id: 'send' | 'buy' | 'invite'; Icon: LucideIcon; tint: string };

const slides: readonly Slide[] = [
  { id: 'send', Icon: MessageCircle, tint: 'bg-emerald-50 text-emerald-700' },
  { id: 'buy', Icon: Store, tint: 'bg-primary-50 text-primary-700' },
  { id: 'invite', Icon: Gift, tint: 'bg-accent-50 text-accent-600' },
];

export function FeatureCarousel() {
  const { t } = useTranslation();
  const [activeIndex, setActiveIndex] = useState(0);
  const total = slides.length;

  // Re-armed on every change, so a card picked by hand also stays a full interval. It keeps
  // turning under prefers-reduced-motion; only the fade is dropped there.
  useEffect(() => {
    const next = () => setActiveIndex((activeIndex + 1) % slides.length);
    const delayMs = activeIndex === 0 ? firstTurnMs() : carouselIntervalMs;
    // The first card was shown longer than its turn before the app took the page over: move on now.
    if (delayMs === 0) return next();
    const timer = window.setTimeout(next, delayMs);
    return () => window.clearTimeout(timer);
  }, [activeIndex]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('landing.carousel.label')}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-md"
    >
      {/* All cards share one grid cell: the box is as tall as the tallest card, always. */}
      <div className="grid" aria-live="off">
        {slides.map(({ id, Icon, tint }, index) => {
          const isActive = index === activeIndex;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA APG), not a form fieldset.
            <div
              key={id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('landing.carousel.slideLabel', { current: index + 1, total })}
              aria-hidden={!isActive}
              data-active={isActive}
              className={cn(
                'col-start-1 row-start-1 motion-safe:transition-[opacity,transform,visibility] motion-safe:duration-500',
                isActive ? 'visible translate-x-0 opacity-100' : 'invisible translate-x-3 opacity-0',
              )}
            >
              <div className={cn('grid size-12 place-items-center rounded-2xl', tint)}>
                <Icon aria-hidden="true" className="size-6" />
              </div>
              <h2 className="mt-4 text-xl font-bold text-slate-900">{t(`landing.slides.${id}.title`)}</h2>
              <p className="mt-2 text-base leading-relaxed text-slate-600">
                {t(`landing.slides.${id}.body`)}
              </p>
            </div>
          );
        })}
      </div>

      <div className="mt-3 -mb-2 flex justify-center">
        {slides.map(({ id }, index) => {
          const isActive = index === activeIndex;
          return (
            <button
              key={id}
              type="button"
              aria-label={t('landing.carousel.showSlide', {
                current: index + 1,
                total,
                title: t(`landing.slides.${id}.title`),
              })}
              aria-current={isActive ? 'true' : undefined}
              onClick={() => setActiveIndex(index)}
              className="grid size-11 cursor-pointer place-items-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2.5 rounded-full motion-safe:transition-all motion-safe:duration-300',
                  isActive ? 'w-6 bg-primary-700' : 'w-2.5 bg-slate-300',
                )}
              />
            </button>
          );
        })}
      </div>
    </section>
  );
}
