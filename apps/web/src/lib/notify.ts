import { AppError, asksForSupport } from '@kreyolcash/domain';
import { toast } from 'sonner';
import { navigateTo } from './app-navigation';
import { type ErrorTextOptions, errorText } from './error-text';
import { i18n } from './i18n';

type ToastAction = { label: string; onClick: () => void };

/**
 * One toast per message: the same title and text again (a double tap, a retry that fails the same
 * way) refreshes the toast already shown instead of stacking a copy under it.
 */
function idOf(kind: string, title: string, description: string | undefined): string {
  return `${kind}\n${title}\n${description ?? ''}`;
}

/** An error toast titled "Erè" (spec §8), its text from the failure's code. */
export function notifyError(
  error: unknown,
  options: ErrorTextOptions & { title?: string; action?: ToastAction } = {},
): void {
  notifyErrorText(errorText(error, options), options.title, options.action ?? supportActionFor(error));
}

/** A refusal that asks the person to contact support carries the way there. */
function supportActionFor(error: unknown): ToastAction | undefined {
  const { code } = AppError.from(error);
  if (!asksForSupport(code)) return undefined;
  const path = code === 'account_frozen' ? '/support?assunto=conta_congelada' : '/support';
  return { label: i18n.t('screens:support.contact'), onClick: () => navigateTo(path) };
}

/** An error toast with a sentence of the screen's own, titled "Erè" unless told otherwise (spec §8). */
export function notifyErrorText(
  description: string,
  title: string = i18n.t('screens:errors.title'),
  action?: ToastAction,
): void {
  toast.error(title, { description, action, id: idOf('error', title, description) });
}

export function notifySuccess(title: string, description?: string): void {
  toast.success(title, { description, id: idOf('success', title, description) });
}
