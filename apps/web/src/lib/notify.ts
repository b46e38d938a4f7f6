import { toast } from 'sonner';
import { type ErrorTextOptions, errorText } from './error-text';
import { i18n } from './i18n';

type ToastAction = { label: string; onClick: () => void };

/** An error toast titled "Erè" (spec §8), its text from the failure's code. */
export function notifyError(
  error: unknown,
  options: ErrorTextOptions & { title?: string; action?: ToastAction } = {},
): void {
  toast.error(options.title ?? i18n.t('screens:errors.title'), {
    description: errorText(error, options),
    action: options.action,
  });
}

/** An error toast with a sentence of the screen's own, titled "Erè" unless told otherwise (spec §8). */
export function notifyErrorText(description: string, title: string = i18n.t('screens:errors.title')): void {
  toast.error(title, { description });
}

export function notifySuccess(title: string, description?: string): void {
  toast.success(title, { description });
}
