import { formatKreyol } from '@kreyolcash/domain';

// Outgoing texts in Haitian Creole: short, clear, one idea per line. A code message always says
// never to share it and when it dies. (Recipient languages other than Creole come with user
// language preferences.)

export type WhatsAppText = { text: string };
export type EmailContent = { subject: string; text: string; html: string };

const RETRY_LINE = 'Tanpri eseye ankò nan kèk minit.';
const NEVER_SHARE = 'Pa janm bay pèsonn kòd sa a, menm si yo di yo travay pou KreyolCash.';

// Transfer texts take the amount already formatted: the ledger's database functions fill in
// amounts and names themselves (one round trip), from placeholders.
export function transferCodeMessage(p: {
  code: string;
  amount: string;
  payeeName: string;
  expiresInMinutes: number;
}): WhatsAppText {
  return {
    text: [
      `KreyolCash: kòd ou pou voye ${p.amount} bay ${p.payeeName} se *${p.code}*.`,
      `Li valab pou ${p.expiresInMinutes} minit.`,
      NEVER_SHARE,
    ].join('\n'),
  };
}

export function transferSentMessage(p: { amount: string; payeeName: string }): WhatsAppText {
  return { text: `KreyolCash: ou voye ${p.amount} bay ${p.payeeName}. Transfè a fèt ak siksè.` };
}

export function transferReceivedMessage(p: { amount: string; payerName: string }): WhatsAppText {
  return { text: `KreyolCash: ou resevwa ${p.amount} nan men ${p.payerName}.` };
}

// Purchase texts, like transfer texts, take amounts and names already written out: the ledger's
// database functions fill them in from placeholders.
export function purchaseCodeMessage(p: {
  code: string;
  productName: string;
  amount: string;
  expiresInMinutes: number;
}): WhatsAppText {
  return {
    text: [
      `KreyolCash: kòd ou pou achte "${p.productName}" (${p.amount}) se *${p.code}*.`,
      `Li valab pou ${p.expiresInMinutes} minit.`,
      NEVER_SHARE,
    ].join('\n'),
  };
}

export function newSaleMessage(p: {
  productName: string;
  quantity: string;
  amount: string;
  buyerName: string;
}): WhatsAppText {
  return {
    text: [
      'KreyolCash: ou gen yon nouvo vant!',
      `Pwodui: ${p.productName}`,
      `Kantite: ${p.quantity}`,
      `Total: ${p.amount}`,
      `Kliyan: ${p.buyerName}`,
    ].join('\n'),
  };
}

export function referralInvitationMessage(p: {
  friendName: string;
  inviterName: string;
  bonusCentis: number;
  signupUrl: string;
}): WhatsAppText {
  return {
    text: [
      `Bonjou ${p.friendName}! ${p.inviterName} envite w sou KreyolCash, bous dijital an Kreyòl la.`,
      `Enskri epi konfime imèl ou: ou resevwa ₭ 100,00 kado, e ${p.inviterName} ap resevwa ${formatKreyol(p.bonusCentis)} bonis.`,
      p.signupUrl,
    ].join('\n'),
  };
}

export function phoneChangeCodeMessage(p: {
  code: string;
  step: 'current' | 'new';
  expiresInMinutes: number;
}): WhatsAppText {
  const purpose =
    p.step === 'current'
      ? 'pou konfime se ou menm ki vle chanje nimewo telefòn ou (etap 1/2)'
      : 'pou konfime nouvo nimewo telefòn ou (etap 2/2)';
  return {
    text: [
      `KreyolCash: kòd ${purpose} se *${p.code}*.`,
      `Li valab pou ${p.expiresInMinutes} minit.`,
      NEVER_SHARE,
    ].join('\n'),
  };
}

export function phoneChangedMessage(p: { newPhoneEnding: string }): WhatsAppText {
  return {
    text: `KreyolCash: nimewo telefòn kont ou chanje pou yon nimewo ki fini ak ${p.newPhoneEnding}. Si se pa ou ki fè sa, kontakte sipò nou touswit.`,
  };
}

// The referral bonus, told to both people when the invited friend confirms the account.
export function referralBonusMessage(p: { friendName: string; bonusCentis: number }): WhatsAppText {
  return {
    text: `KreyolCash: ${p.friendName} konfime kont li gras a envitasyon ou a. Ou resevwa ${formatKreyol(p.bonusCentis)} bonis! Mèsi paske w pataje KreyolCash.`,
  };
}

export function referralWelcomeMessage(p: { inviterName: string; bonusCentis: number }): WhatsAppText {
  return {
    text: `KreyolCash: byenvini! Ou antre gras a envitasyon ${p.inviterName}, ki resevwa ${formatKreyol(p.bonusCentis)} bonis pou sa. Mèsi!`,
  };
}

export function errorNoticeMessage(p: { what: string }): WhatsAppText {
  return { text: `KreyolCash: nou pa t kapab ${p.what}. ${RETRY_LINE}` };
}

export function emailConfirmationEmail(p: { name: string; url: string }): EmailContent {
  return email({
    subject: 'Konfime imèl ou — KreyolCash',
    greeting: `Bonjou ${p.name},`,
    body: 'Mèsi paske ou enskri sou KreyolCash! Klike sou bouton an pou konfime imèl ou. Lyen an valab pou 24 èdtan epi li mache yon sèl fwa.',
    action: 'Konfime imèl mwen',
    url: p.url,
    footer: 'Si se pa ou ki te enskri, pa okipe mesaj sa a.',
  });
}

export function passwordResetEmail(p: { name: string; url: string }): EmailContent {
  return email({
    subject: 'Chanje modpas ou — KreyolCash',
    greeting: `Bonjou ${p.name},`,
    body: 'Nou resevwa yon demann pou chanje modpas kont KreyolCash ou. Lyen an valab pou 1 èdtan epi li mache yon sèl fwa.',
    action: 'Chwazi yon nouvo modpas',
    url: p.url,
    footer: 'Si se pa ou ki te mande sa, pa okipe mesaj sa a: modpas ou pa chanje.',
  });
}

function email(p: {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  url: string;
  footer: string;
}): EmailContent {
  const text = [p.greeting, '', p.body, '', `${p.action}: ${p.url}`, '', p.footer, '', 'KreyolCash'].join(
    '\n',
  );
  const html = `<!doctype html><html lang="ht"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:480px;margin:auto;padding:16px">
<p>${escapeHtml(p.greeting)}</p><p>${escapeHtml(p.body)}</p>
<p><a href="${escapeHtml(p.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(p.action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(p.url)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(p.footer)}</p><p>KreyolCash</p></body></html>`;
  return { subject: p.subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
