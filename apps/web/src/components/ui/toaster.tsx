import { Toaster as Sonner } from 'sonner';
import { useTranslation } from '@/lib/i18n';
import 'sonner/dist/styles.css';
import './toaster.css';

// Toasts open at the bottom: at the top they covered a step's title under the header. A refusal
// that belongs to a step is shown in the step (step-refusal.tsx); a toast says what happened
// elsewhere, or that something went well. Each has a close button and goes by itself after 4 s.
const ABOVE_BOTTOM_EDGE = { bottom: 16 };

export function Toaster() {
  // Sonner names its close button and its region in English unless told.
  const { t } = useTranslation();
  return (
    <Sonner
      containerAriaLabel={t('common.notices')}
      toastOptions={{ closeButtonAriaLabel: t('common.closeNotice') }}
      position="bottom-center"
      offset={ABOVE_BOTTOM_EDGE}
      mobileOffset={ABOVE_BOTTOM_EDGE}
      richColors
      closeButton
    />
  );
}
