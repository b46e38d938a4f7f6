import { copyFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

// The suite's server runs with the agents on: their card is the last (agents-off.spec.ts has the
// carousel without it).
const slideTitles = [
  'Voye lajan ak yon kòd',
  'Achte nan biznis ayisyen',
  'Envite zanmi ou',
  'Mete ak retire lajan kay yon ajan',
];

function dot(page: Page, number: number) {
  return page.getByRole('button', { name: new RegExp(`^Montre kat ${number} sou 4`) });
}

function slideHeading(page: Page, number: number) {
  return page.getByRole('heading', { name: slideTitles[number - 1] });
}

/**
 * Opens the landing with the page's clock stopped, so that the carousel's timer runs only as far as
 * the test moves the clock — however long a busy machine takes to load and check the page. React
 * needs a little of the page's time to show a lazily loaded screen (a short timer), so the clock
 * moves on in 50 ms steps until the first card is up: when this returns, that card has been shown
 * for at most 50 ms of the page's time.
 */
async function openWithClockStopped(page: Page) {
  const start = Date.now();
  await page.clock.install({ time: start });
  // Far enough ahead that the real time spent installing the clock never passes it.
  await page.clock.pauseAt(start + 60_000);
  await page.goto('/');
  await expect
    .poll(
      async () => {
        await page.clock.runFor(50);
        return slideHeading(page, 1).isVisible();
      },
      { intervals: [50] },
    )
    .toBe(true);
}

test.describe('landing', () => {
  test('shows the product name, the subtitle and the first feature card', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
    await expect(page.getByText('Lajan dijital ou, an Kreyòl')).toBeVisible();
    await expect(slideHeading(page, 1)).toBeVisible();
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
  });

  test('the carousel advances by itself after 5 seconds', async ({ page }) => {
    await openWithClockStopped(page);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    // Not before its 5 seconds…
    await page.clock.runFor(4_900);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(slideHeading(page, 1)).toBeVisible();
    // …but then.
    await page.clock.runFor(100);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await expect(slideHeading(page, 2)).toBeVisible();
    await expect(slideHeading(page, 1)).toBeHidden();
    await expect(dot(page, 1)).not.toHaveAttribute('aria-current', 'true');

    // The next card gets its 5 seconds too.
    await page.clock.runFor(4_900);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(100);
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true');
    await expect(slideHeading(page, 3)).toBeVisible();
  });

  test('with reduced motion the carousel still advances, only without the fade', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithClockStopped(page);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(5_000);
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    const transition = await slideHeading(page, 2)
      .locator('..')
      .evaluate((slide) => getComputedStyle(slide).transitionDuration);
    expect(transition).toBe('0s');
  });

  test('the dots switch the card, and a manual switch restarts the 5-second timer', async ({ page }) => {
    await openWithClockStopped(page);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(3_500);
    await dot(page, 4).click();
    await expect(slideHeading(page, 4)).toBeVisible();
    await expect(dot(page, 4)).toHaveAttribute('aria-current', 'true');

    // Past the first card's 5 seconds: had the timer not restarted, the carousel would have moved.
    await page.clock.runFor(4_900);
    await expect(dot(page, 4)).toHaveAttribute('aria-current', 'true');
    await expect(slideHeading(page, 4)).toBeVisible();

    // Five seconds after the click, it wraps around from the last card to the first.
    await page.clock.runFor(100);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    await dot(page, 2).click();
    await expect(slideHeading(page, 2)).toBeVisible();
  });

  test('the carousel keeps its size while it turns, so nothing below it moves', async ({ page }) => {
    await page.goto('/');
    const startNow = page.getByRole('link', { name: 'Kòmanse kounye a' });
    const before = await startNow.boundingBox();
    for (const number of [2, 3, 4, 1]) {
      await dot(page, number).click();
      await expect(slideHeading(page, number)).toBeVisible();
      expect(await startNow.boundingBox()).toEqual(before);
    }
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 200);
        }),
    );
    expect(layoutShift).toBeLessThan(0.01);
  });

  test('"Kòmanse kounye a" leads to the registration page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Kòmanse kounye a' }).click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Kreye kont ou' })).toBeVisible();
  });

  test('"Konekte" leads to the login page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Konekte' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('fits a 360 px screen: no horizontal scroll, every control at least 44 px tall', async ({ page }) => {
    await page.goto('/');
    await expect(slideHeading(page, 1)).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    const controls = page.locator('a, button, select');
    const count = await controls.count();
    expect(count).toBeGreaterThan(5);
    for (let index = 0; index < count; index += 1) {
      const box = await controls.nth(index).boundingBox();
      expect(box, `control ${index}`).not.toBeNull();
      expect(box?.height ?? 0, `height of control ${index}`).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0, `width of control ${index}`).toBeGreaterThanOrEqual(44);
    }
  });

  test('saves a 360×740 screenshot of the landing', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(slideHeading(page, 1)).toBeVisible();
    const path = testInfo.outputPath('landing-360.png');
    await page.screenshot({ path, animations: 'disabled' });
    await testInfo.attach('landing-360', { path, contentType: 'image/png' });
    copyFileSync(path, '/tmp/landing-360.png');
  });
});
