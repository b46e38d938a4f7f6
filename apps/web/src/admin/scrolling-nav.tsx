import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

type Overflow = { before: boolean; after: boolean };

// A pixel of rounding is not "more to see".
const SLACK_PX = 1;
// The width of an edge's fade and arrow (w-11): what lies under it is not seen.
const EDGE_PX = 44;

function overflowOf(element: HTMLElement): Overflow {
  const { scrollLeft, scrollWidth, clientWidth } = element;
  return { before: scrollLeft > SLACK_PX, after: scrollLeft + clientWidth < scrollWidth - SLACK_PX };
}

type Span = { start: number; end: number };
type View = { scrollLeft: number; clientWidth: number; scrollWidth: number };

/**
 * Where to scroll so a link (its span in the row's content) is seen whole, clear of the fade and
 * arrow on each side that still has more; unchanged when it already is.
 */
export function revealScrollLeft(link: Span, view: View, edge = EDGE_PX): number {
  const furthest = Math.max(0, view.scrollWidth - view.clientWidth);
  let left = view.scrollLeft;
  if (link.end > left + view.clientWidth - edge) left = link.end - view.clientWidth + edge;
  if (link.start < left + edge) left = link.start - edge;
  return Math.min(furthest, Math.max(0, left));
}

function revealCurrent(element: HTMLElement) {
  const link = element.querySelector('[aria-current="page"]');
  if (!link) return;
  const box = element.getBoundingClientRect();
  const linkBox = link.getBoundingClientRect();
  const start = linkBox.left - box.left + element.scrollLeft;
  const left = revealScrollLeft({ start, end: start + linkBox.width }, element);
  if (left !== element.scrollLeft) element.scrollTo?.({ left });
}

/**
 * The back office's menu on a narrow screen: one row that scrolls sideways, with a fading edge and
 * an arrow on each side that has more, so an operator sees there are sections beyond the edge.
 * The current section is scrolled into view whole, not under an edge's arrow.
 */
export function ScrollingNav({ label, children }: { label: string; children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });
  const { key: visit } = useLocation();

  const measure = useCallback(() => {
    if (row.current) setOverflow(overflowOf(row.current));
  }, []);

  useEffect(() => {
    const element = row.current;
    if (!element) return;
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    return () => resized.disconnect();
  }, [measure]);

  // Each visit, even of the section already open after the row was scrolled away from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new visit is why the link is shown again
  useEffect(() => {
    if (row.current) revealCurrent(row.current);
    measure();
  }, [visit, measure]);

  const step = (direction: -1 | 1) =>
    row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.7, behavior: 'smooth' });

  return (
    <nav className="relative mx-auto max-w-6xl" aria-label={label} data-testid="admin-nav">
      <div
        ref={row}
        onScroll={measure}
        className="flex gap-1 overflow-x-auto px-2 pb-2 [scrollbar-width:thin]"
      >
        {children}
      </div>
      {overflow.before ? <EdgeButton side="before" onClick={() => step(-1)} /> : null}
      {overflow.after ? <EdgeButton side="after" onClick={() => step(1)} /> : null}
    </nav>
  );
}

/**
 * The edge's fade and arrow. Hidden from screen readers: they reach every link in order anyway;
 * the arrow is for eyes and fingers.
 */
function EdgeButton({ side, onClick }: { side: 'before' | 'after'; onClick: () => void }) {
  const Icon = side === 'before' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={`admin-nav-more-${side}`}
      onClick={onClick}
      className={
        side === 'before'
          ? 'absolute inset-y-0 left-0 flex w-11 items-center justify-start bg-gradient-to-r from-primary-800 via-primary-800/90 to-transparent pb-2 pl-1 text-white'
          : 'absolute inset-y-0 right-0 flex w-11 items-center justify-end bg-gradient-to-l from-primary-800 via-primary-800/90 to-transparent pr-1 pb-2 text-white'
      }
    >
      <Icon className="size-6" />
    </button>
  );
}
