import { expect, type Page } from '@playwright/test';

/**
 * Lets the toasts go as a person on a phone would: toasts open at the bottom, over whatever button
 * is there, and one under a resting mouse pointer waits for it (a finger rests nowhere). The
 * pointer leaves them, and they go by themselves.
 */
export async function letToastsGo(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}
