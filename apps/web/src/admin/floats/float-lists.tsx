import type { AdminFloatOperation } from '@kreyolcash/domain';
import { dayText } from '../day';
import { ProposalHeading } from '../four-eyes/proposal-heading';
import { ProposalLists, type ProposalLook } from '../four-eyes/proposal-lists';
import { useAdminText } from '../i18n';
import { floatsArea } from './floats-api';
import { floatsTexts } from './texts';

/** What the operation is: its kind, the agent, the amount (in for an issuance, out for a redemption). */
function Summary({ operation }: { operation: AdminFloatOperation }) {
  const t = useAdminText(floatsTexts);
  return (
    <>
      <ProposalHeading
        title={t(`tipo.${operation.tipo}`)}
        subtitle={t('item.agent', { numero: operation.agente_numero, name: operation.agente_nome_comercial })}
        centis={operation.tipo === 'emissao' ? operation.quantidade_centis : -operation.quantidade_centis}
        amountTestId="float-amount"
      />
      <p className="text-sm break-words text-slate-700">
        {t('item.reference', { reference: operation.referencia })}
        {operation.data_deposito
          ? ` · ${t('item.depositDate', { date: dayText(operation.data_deposito) })}`
          : null}
      </p>
    </>
  );
}

const look: ProposalLook<AdminFloatOperation> = {
  noun: 'float',
  pending: (operation) => <Summary operation={operation} />,
  decided: (operation) => <Summary operation={operation} />,
  reason: (operation) => operation.decisao_motivo,
};

/** The operations waiting for a second operator, then the latest decisions. */
export function FloatLists() {
  return <ProposalLists area={floatsArea} texts={floatsTexts} look={look} />;
}
