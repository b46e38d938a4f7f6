import { useAdminText } from '../i18n';

// Placeholder until this area is built (issue 16).
export default function Section() {
  const t = useAdminText();
  return <p className="text-slate-600">{t('common.empty')}</p>;
}
