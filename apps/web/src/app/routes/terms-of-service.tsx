import { LegalDocument } from '@/features/legal/components/legal-document';

export function TermsOfServiceRoute() {
  return <LegalDocument document="terms" />;
}
