import { LegalDocument } from '@/features/legal/components/legal-document';

export function PrivacyPolicyRoute() {
  return <LegalDocument document="privacy" />;
}
