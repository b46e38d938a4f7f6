import type { AdminAdjustment } from '@kreyolcash/domain';
import { ProposalHeading } from '../four-eyes/proposal-heading';
import { ProposalLists, type ProposalLook } from '../four-eyes/proposal-lists';
import { useAdminText } from '../i18n';
import { adjustmentsArea } from './adjustments-api';
import { adjustmentsTexts } from './texts';

function Heading({ adjustment }: { adjustment: AdminAdjustment }) {
  return (
    <ProposalHeading
      title={adjustment.usuario_nome}
      subtitle={adjustment.usuario_email}
      centis={adjustment.quantidade_centis}
    />
  );
}

/** The adjustments waiting for a second operator, then the latest decisions. */
export function AdjustmentLists() {
  const t = useAdminText(adjustmentsTexts);
  const look: ProposalLook<AdminAdjustment> = {
    noun: 'adjustment',
    pending: (adjustment) => (
      <>
        <Heading adjustment={adjustment} />
        <p className="text-sm break-words text-slate-800">{adjustment.motivo}</p>
      </>
    ),
    decided: (adjustment) => <Heading adjustment={adjustment} />,
    byline: (adjustment) => t('item.reference', { reference: adjustment.referencia }),
    // Without a refusal's words, the proposal's own reason says what was decided.
    reason: (adjustment) => adjustment.decisao_motivo ?? adjustment.motivo,
  };
  return <ProposalLists area={adjustmentsArea} texts={adjustmentsTexts} look={look} />;
}
