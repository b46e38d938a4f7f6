import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { createUser, documentPhoto, latestMessage, logIn, newUser, type TestUser } from './support/accounts';
import { signInToBackOffice } from './support/operators';

// KYC review, the back office and the app side by side: compliance compares the
// document photo with what the person typed and decides; the person sees it on /identity.

const LAPTOP = { width: 1280, height: 860 };
const PHONE = { width: 360, height: 740 };

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), animations: 'disabled', fullPage: true });
}

/** A NIF as the back office shows it, grouped 3-3-3-1. */
const grouped = (nif: string) => `${nif.slice(0, 3)}-${nif.slice(3, 6)}-${nif.slice(6, 9)}-${nif.slice(9)}`;

/** The review page of this person's pending photo, opened from the queue by their NIF. */
async function openReview(page: Page, user: TestUser) {
  await page.goto('/admin/kyc');
  const row = page.getByTestId('kyc-queue-row').filter({ hasText: grouped(user.nif) });
  await expect(row).toContainText(user.fullName);
  await row.click();
  const typed = page.getByTestId('kyc-typed');
  await expect(typed).toContainText(user.fullName);
  await expect(typed).toContainText(grouped(user.nif));
  await expect(typed).toContainText('01/05/1990');
  // The photo arrived through the operator's cookie and drew.
  const photo = page.getByTestId('kyc-photo');
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('compliance approves a document and the user sees level 2; a rejected user reads why and sends a new photo', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const approved = await createUser(request, { user: newUser('Wodlen') });
  const rejected = await createUser(request, { user: newUser('Tamara') });

  // The user's side before the decision: level 1, the photo waits.
  await logIn(page, approved);
  await page.goto('/identity');
  await expect(page.getByTestId('identity-level')).toHaveText('Nivo 1');
  await expect(page.getByTestId('identity-review')).toContainText('N ap verifye foto dokiman ou');
  await shot(page, testInfo, 'identity-pending-360');

  const office = await browser.newContext({ viewport: LAPTOP });
  const admin = await office.newPage();
  await signInToBackOffice(admin, 'compliance');
  await admin.goto('/admin/kyc');
  await expect(admin.getByTestId('kyc-queue-row').filter({ hasText: grouped(approved.nif) })).toBeVisible();
  await shot(admin, testInfo, 'kyc-queue-1280');
  await openReview(admin, approved);
  await shot(admin, testInfo, 'kyc-review-1280');
  await admin.setViewportSize(PHONE);
  await shot(admin, testInfo, 'kyc-review-360');
  await admin.getByRole('button', { name: 'Apwouve (nivo 2)' }).click();
  await expect(admin.getByTestId('kyc-decided')).toHaveText(
    'Dokiman an apwouve. Moun nan ap resevwa yon mesaj.',
  );
  await admin.goto('/admin/kyc');
  await expect(admin.getByTestId('kyc-queue-row').filter({ hasText: grouped(rejected.nif) })).toBeVisible();
  await expect(admin.getByTestId('kyc-queue-row').filter({ hasText: grouped(approved.nif) })).toHaveCount(0);
  await shot(admin, testInfo, 'kyc-queue-360');

  // The approved user: level 2, told on WhatsApp.
  await page.reload();
  await expect(page.getByTestId('identity-level')).toHaveText('Nivo 2');
  await expect(page.getByTestId('identity-review')).toContainText('Dokiman ou verifye');
  await expect(page.getByTestId('identity-photo-input')).toHaveCount(0);
  await shot(page, testInfo, 'identity-approved-360');
  expect((await latestMessage(request, approved.phone, 'kyc_approved')).text).toContain('nivo 2');

  // A rejection needs a reason, which the person reads in the app and on WhatsApp.
  await openReview(admin, rejected);
  await admin.getByRole('button', { name: 'Rejte', exact: true }).click();
  await admin.getByRole('button', { name: 'Rejte ak rezon sa a' }).click();
  await expect(admin.getByText('Ekri rezon an.')).toBeVisible();
  const reason = 'Foto a twò flou, nou pa ka li NIF la.';
  await admin.getByLabel(/Rezon/).fill(reason);
  await admin.getByRole('button', { name: 'Rejte ak rezon sa a' }).click();
  await expect(admin.getByTestId('kyc-decided')).toContainText('Foto a rejte');
  expect((await latestMessage(request, rejected.phone, 'kyc_rejected')).text).toContain(reason);

  const other = await browser.newContext({ viewport: PHONE });
  const person = await other.newPage();
  await logIn(person, rejected);
  await person.goto('/settings');
  await person.getByRole('link', { name: 'Idantite ak nivo kont ou' }).click();
  await expect(person).toHaveURL('/identity');
  await expect(person.getByTestId('identity-review')).toContainText(reason);
  await person.getByTestId('identity-photo-input').setInputFiles(documentPhoto);
  await expect(person.getByRole('img', { name: 'Foto ou chwazi a' })).toBeVisible();
  await shot(person, testInfo, 'identity-rejected-360');
  await person.getByRole('button', { name: 'Voye foto a' }).click();
  await expect(person.getByTestId('identity-review')).toContainText('N ap verifye foto dokiman ou');
  await expect(person.getByTestId('identity-level')).toHaveText('Nivo 1');

  // ... and the new photo is back in the queue.
  await admin.goto('/admin/kyc');
  await expect(admin.getByTestId('kyc-queue-row').filter({ hasText: grouped(rejected.nif) })).toBeVisible();
  await office.close();
  await other.close();
});
