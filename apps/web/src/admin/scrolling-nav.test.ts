import { describe, expect, it } from 'vitest';
import { revealScrollLeft } from './scrolling-nav';

// A 360 px phone's menu row: 320 px seen of 1000, a 44 px fade and arrow on each side with more.
const view = (scrollLeft: number) => ({ scrollLeft, clientWidth: 320, scrollWidth: 1000 });

describe('the menu shows the current section whole', () => {
  it('scrolls a section that ends under the right-hand arrow until it clears it', () => {
    // "Demann èd" from 250 to 340 while the row is at its start: its end was under the arrow.
    expect(revealScrollLeft({ start: 250, end: 340 }, view(0))).toBe(340 - 320 + 44);
  });

  it('scrolls a section hidden on the left until it clears the left-hand arrow', () => {
    expect(revealScrollLeft({ start: 300, end: 380 }, view(320))).toBe(300 - 44);
  });

  it('leaves the row where it is when the section is already seen whole', () => {
    expect(revealScrollLeft({ start: 100, end: 200 }, view(0))).toBe(0);
    expect(revealScrollLeft({ start: 400, end: 500 }, view(300))).toBe(300);
  });

  it('stops at either end of the row, where there is no arrow to clear', () => {
    expect(revealScrollLeft({ start: 10, end: 80 }, view(200))).toBe(0);
    expect(revealScrollLeft({ start: 900, end: 1000 }, view(0))).toBe(680);
  });
});
