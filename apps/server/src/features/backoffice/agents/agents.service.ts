import {
  type AgentCreateRequest,
  AppError,
  type adminAgentDetailSchema,
  isCommune,
  isValidAgentHours,
} from '@kreyolcash/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { recordAudit } from '../../../audit/audit.ts';
import { accountFrozen, isFrozen } from '../../../identity/freeze.ts';
import { findAgentFloat, openAgentFloat } from '../../../ledger/ledger.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';
import { findAgent } from './agents.repository.ts';

type AgentDetail = z.input<typeof adminAgentDetailSchema>;

// Support makes a level-2 user an agent. ONE transaction: the user's row is locked (so a freeze or
// a second request for the same person waits), the person is checked, the ledger opens the float
// account, the agent's row and its audit row are written. Either all of it exists or none.

export async function createAgent(
  deps: Pick<AppDeps, 'database'>,
  p: { operator: OperatorSession; request: AgentCreateRequest },
): Promise<AgentDetail> {
  const { request } = p;
  if (!isCommune(request.comuna)) throw new AppError('commune_invalid');
  if (!isValidAgentHours(request.horario)) throw new AppError('agent_hours_invalid');
  const id = await deps.database.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('usuarios')
      .select(['id', 'status', 'congelado_em', 'telefone_verificado_em', 'documento_aprovado_em'])
      .where('id', '=', request.user_id)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new AppError('user_not_found');
    if (user.status !== 'ATIVO') throw new AppError('account_blocked');
    if (isFrozen(user)) throw accountFrozen();
    // Level 2, as the ledger's kc_nivel reads it: phone proven and document approved.
    if (user.telefone_verificado_em === null || user.documento_aprovado_em === null) {
      throw new AppError('agent_level_required');
    }
    const existing = await trx
      .selectFrom('agentes')
      .select('id')
      .where('usuario_id', '=', user.id)
      .executeTakeFirst();
    if (existing) throw new AppError('already_an_agent');
    const contaId = await openAgentFloat(trx, user.id);
    const agent = await trx
      .insertInto('agentes')
      .values({
        usuario_id: user.id,
        conta_id: contaId,
        nome_comercial: request.nome_comercial,
        comuna: request.comuna,
        endereco: request.endereco,
        horario: JSON.stringify(request.horario),
        criado_por: p.operator.id,
      })
      .returning(['id', 'numero'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      operator: p.operator,
      action: 'agent.create',
      target: { type: 'agente', id: agent.id },
      userId: user.id,
      after: {
        numero: agent.numero,
        conta_id: contaId,
        nome_comercial: request.nome_comercial,
        comuna: request.comuna,
        endereco: request.endereco,
        horario: request.horario,
      },
    });
    return agent.id;
  });
  const detail = await agentDetail(deps, id);
  if (!detail) throw new Error(`agent ${id} vanished after its creation`);
  return detail;
}

/** An agent and its float's balance, or undefined. */
export async function agentDetail(
  deps: Pick<AppDeps, 'database'>,
  id: string,
): Promise<AgentDetail | undefined> {
  const agente = await findAgent(deps.database.db, id);
  if (!agente) return undefined;
  const float = await findAgentFloat(deps.database.db, agente.conta_id);
  if (!float) throw new Error(`agent ${id} has no float account`);
  return { agente, float };
}
