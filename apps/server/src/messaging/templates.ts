import type { z } from 'zod';
import { accountTemplates } from './templates/account.ts';
import { agentTemplates } from './templates/agents.ts';
import { backofficeTemplates } from './templates/backoffice.ts';
import { cashComplaintTemplates } from './templates/cash-complaints.ts';
import { profileTemplates } from './templates/profile.ts';
import { purchaseTemplates } from './templates/purchases.ts';
import { referralTemplates } from './templates/referrals.ts';
import { supportTemplates } from './templates/support.ts';
import { transferTemplates } from './templates/transfers.ts';
import { wrongPersonReportTemplates } from './templates/wrong-person-reports.ts';

// Every outgoing WhatsApp message and e-mail, as a template: the parameters it needs (checked when
// it is rendered) and its text in each language of LOCALES. Rows of outbox_messages carry a
// template key, its parameters and the recipient's language; the outbox worker renders them just
// before sending (render.ts). The templates are written in templates/, one file per area, each
// message with its languages side by side; this is the one registry the worker looks keys up in.
// Creole first: short, clear, one idea per line. A code message always says never to share the
// code and when it dies.

export { emailConfirmationEmail, passwordResetEmail } from './templates/account.ts';
export type { EmailContent, RenderedMessage, WhatsAppText } from './templates/define.ts';
export { phoneChangeCodeMessage, phoneChangedMessage } from './templates/profile.ts';
export { newSaleMessage, purchaseCodeMessage } from './templates/purchases.ts';
export {
  referralBonusMessage,
  referralInvitationMessage,
  referralWelcomeMessage,
} from './templates/referrals.ts';
export {
  transferCodeMessage,
  transferReceivedMessage,
  transferSentMessage,
} from './templates/transfers.ts';

export const TEMPLATES = {
  ...transferTemplates,
  ...agentTemplates,
  ...purchaseTemplates,
  ...referralTemplates,
  ...profileTemplates,
  ...accountTemplates,
  ...wrongPersonReportTemplates,
  ...cashComplaintTemplates,
  ...backofficeTemplates,
  ...supportTemplates,
};

export type TemplateName = keyof typeof TEMPLATES;
/** What an enqueuer stores in `params` for a template (amounts as integer centis). */
export type TemplateParams<K extends TemplateName> = z.input<(typeof TEMPLATES)[K]['params']>;

export function isTemplateName(value: string): value is TemplateName {
  return Object.hasOwn(TEMPLATES, value);
}
