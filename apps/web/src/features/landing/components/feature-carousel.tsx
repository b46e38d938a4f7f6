import { Banknote, Gift, type LucideIcon, MessageCircle, Store } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useIsTakingOver } from '@/hooks/use-is-taking-over';
import { cn } from '@/lib/cn';
import { type AgentsSetting, agentsEnabled, settingClass } from '@/lib/features';
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

type Slide = {
  id: 'send' | 'buy' | 'invite' | 'agents';
  Icon: LucideIcon;
  tint: string;
  when?: AgentsSetting;
};

// The agents' card last: the others keep their places in both settings.
const slides: readonly Slide[] = [
  { id: 'send', Icon: MessageCircle, tint: 'bg-emerald-50 text-emerald-700' },
  { id: 'buy', Icon: Store, tint: 'bg-primary-50 text-primary-700' },
  { id: 'invite', Icon: Gift, tint: 'bg-accent-50 text-accent-600' },
  { id: 'agents', Icon: Banknote, tint: 'bg-amber-50 text-amber-700', when: 'agents' },
];

const SETTINGS: readonly AgentsSetting[] = ['agents', 'noAgents'];

function slidesIn(setting: AgentsSetting): readonly Slide[] {
  return slides.filter((slide) => slide.when === undefined || slide.when === setting);
}

/** Where a card is in the carousel of a setting: "2 of 4". */
function placeIn(slide: Slide, setting: AgentsSetting) {
  const shown = slidesIn(setting);
  return { current: shown.indexOf(slide) + 1, total: shown.length };
}

/**
 * The page's setting, or undefined while the prerendered page is taken over: it was drawn for
 * both settings, every card there and the stylesheet hiding the one of the other.
 */
function useKnownSetting(): AgentsSetting | undefined {
  const takingOver = useIsTakingOver();
  if (takingOver) return undefined;
  return agentsEnabled() ? 'agents' : 'noAgents';
}

export function FeatureCarousel() {
  const { t } = useTranslation();
  const [activeIndex, setActiveIndex] = useState(0);
  const setting = useKnownSetting();
  const shown = setting ? slidesIn(setting) : slides;
  const headingIds = useId();

  // Re-armed on every change, so a card picked by hand also stays a full interval. It keeps
  // turning under prefers-reduced-motion; only the fade is dropped there. The next card is counted
  // when the timer fires, in the page's setting (the takeover's first render holds every card).
  useEffect(() => {
    const next = () =>
      setActiveIndex((activeIndex + 1) % slidesIn(agentsEnabled() ? 'agents' : 'noAgents').length);
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
        {shown.map((slide, index) => {
          const { id, Icon, tint, when } = slide;
          const isActive = index === activeIndex;
          const headingId = `${headingIds}-${id}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA APG), not a form fieldset.
            <div
              key={id}
              role="group"
              aria-roledescription="slide"
              // Before the setting is known its place ("1 of 3" or "1 of 4") is not: its title names it.
              aria-label={setting && t('landing.carousel.slideLabel', placeIn(slide, setting))}
              aria-labelledby={setting ? undefined : headingId}
              aria-hidden={!isActive}
              data-active={isActive}
              className={cn(
                'col-start-1 row-start-1 motion-safe:transition-[opacity,transform,visibility] motion-safe:duration-500',
                isActive ? 'visible translate-x-0 opacity-100' : 'invisible translate-x-3 opacity-0',
                when && settingClass[when],
              )}
            >
              <div className={cn('grid size-12 place-items-center rounded-2xl', tint)}>
                <Icon aria-hidden="true" className="size-6" />
              </div>
              <h2 id={headingId} className="mt-4 text-xl font-bold text-slate-900">
                {t(`landing.slides.${id}.title`)}
              </h2>
              <p className="mt-2 text-base leading-relaxed text-slate-600">
                {t(`landing.slides.${id}.body`)}
              </p>
            </div>
          );
        })}
      </div>

      <div className="mt-3 -mb-2 flex justify-center">
        {shown.map((slide, index) => {
          const isActive = index === activeIndex;
          // Named by its text: before the setting is known, one name per setting, the stylesheet
          // hiding the other's (and with it, from the accessible name).
          const names = setting
            ? [setting]
            : SETTINGS.filter((candidate) => slidesIn(candidate).includes(slide));
          return (
            <button
              key={slide.id}
              type="button"
              aria-current={isActive ? 'true' : undefined}
              onClick={() => setActiveIndex(index)}
              className={cn(
                'grid size-11 cursor-pointer place-items-center rounded-full',
                slide.when && settingClass[slide.when],
              )}
            >
              {names.map((named) => (
                <span key={named} className={cn('sr-only', !setting && settingClass[named])}>
                  {t('landing.carousel.showSlide', {
                    ...placeIn(slide, named),
                    title: t(`landing.slides.${slide.id}.title`),
                  })}
                </span>
              ))}
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
