import { expect, test } from '@playwright/test';

// Spec §6: a visitor without a session is sent to the login from the signed-in user's screens.
const signedInPaths = [
  '/home',
  '/profile',
  '/settings',
  '/referrals',
  '/limits',
  '/identity',
  '/agents',
  '/fees',
  '/cash-out',
];

test('the screens of a signed-in user send a visitor without a session to the login', async ({ page }) => {
  for (const path of signedInPaths) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Konekte' }), path).toBeVisible();
  }
});

test('the app runs under a strict Content-Security-Policy, with no inline style or script', async ({
  page,
}) => {
  const strictPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    // The prerendered pages carry the build's stylesheet in one <style>, which the server's policy
    // allows by its hash: the one inline style taken, and no other (a hash never allows an
    // element's style attribute).
    const served = /style-src ([^;]*)/.exec(response.headers()['content-security-policy'] ?? '')?.[1] ?? '';
    const hashes = served.split(' ').filter((source) => source.startsWith("'sha256-"));
    return route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'content-security-policy': strictPolicy.replace(
          "style-src 'self'",
          ["style-src 'self'", ...hashes].join(' '),
        ),
      },
    });
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  // /login loads the API screens' providers, toaster included; /register its photo previews.
  for (const path of ['/', '/terms-of-service', '/login', '/register', '/dev/outbox']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The last one is drawn by the app alone (not prerendered): no <style> at all there.
  await expect(page.locator('style')).toHaveCount(0);
  expect(violations).toEqual([]);
});
