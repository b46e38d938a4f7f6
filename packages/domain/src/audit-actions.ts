// What the audit trail records (auditoria.acao) and on what (auditoria.alvo_tipo). The server's
// recordAudit takes only these, and the back office keeps a label for each in every language it
// speaks (a Record over these types): a new action without its words does not compile.

export const AUDIT_ACTIONS = [
  'operator.sign_in',
  'user.view',
  'account.freeze',
  'account.unfreeze',
  'kyc.photo_view',
  'kyc.approve',
  'kyc.reject',
  'report.reverse',
  'report.refund',
  'report.release',
  'report.reject',
  'adjustment.propose',
  'adjustment.approve',
  'adjustment.reject',
  'company.suspend',
  'company.reactivate',
  'company.deactivate',
  'product.deactivate',
  'product.reactivate',
  'ledger.check',
  'audit.export',
  'help_request.open',
  'help_request.answer',
  'help_request.close',
  'agent.create',
  // A fee table replaced, before and after (target: its operation, saque, deposito or transferencia).
  'fees.update',
  // A float issuance (emissao) or redemption (resgate) proposed, approved or rejected (target:
  // operacao_float; its tipo in the rows' before/after).
  'float.propose',
  'float.approve',
  'float.reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'operator',
  'user',
  'usuario',
  'revisao_documento',
  'reclamacao',
  'ajuste_proposto',
  'empresa',
  'produto',
  'ledger_check',
  'audit',
  'pedido_ajuda',
  'agente',
  'tarifa',
  'operacao_float',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Why a session of the app ended (sessoes.motivo_revogacao). */
export const SESSION_END_REASONS = [
  'logout',
  'refresh_token_reuse',
  'password_reset',
  'self_freeze',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
