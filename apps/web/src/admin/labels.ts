import type {
  AuditAction,
  AuditTargetType,
  Locale,
  SaleStatus,
  SessionEndReason,
  UserStatus,
} from '@kreyolcash/domain';
import type { AdminLocale } from './i18n';

// The words for the values the server stores (statuses, languages, audit actions…), in each
// language of the back office. Each list is a Record over the domain's closed list: a value added
// there without its words here does not compile, so no raw code reaches an operator's screen.

type Labels<K extends string> = Record<AdminLocale, Record<K, string>>;

export const userStatusLabels: Labels<UserStatus> = {
  ht: { ATIVO: 'Aktif', INATIVO: 'Inaktif', BLOQUEADO: 'Bloke' },
  fr: { ATIVO: 'Actif', INATIVO: 'Inactif', BLOQUEADO: 'Bloqué' },
};

// The language of a person's messages, named in the operator's language.
export const languageLabels: Labels<Locale> = {
  ht: { ht: 'Kreyòl', 'pt-BR': 'Pòtigè (Brezil)', fr: 'Franse', en: 'Anglè' },
  fr: { ht: 'Créole haïtien', 'pt-BR': 'Portugais (Brésil)', fr: 'Français', en: 'Anglais' },
};

export const auditActionLabels: Labels<AuditAction> = {
  ht: {
    'operator.sign_in': 'Operatè a konekte',
    'user.view': 'Gade paj itilizatè a',
    'account.freeze': 'Jele kont lan',
    'account.unfreeze': 'Dejele kont lan',
    'kyc.photo_view': 'Gade foto dokiman an',
    'kyc.approve': 'Apwouve dokiman an',
    'kyc.reject': 'Refize dokiman an',
    'report.reverse': 'Anile yon peman ki te konteste, lajan tounen',
    'report.refund': 'Ranbouse yon peman ki te konteste',
    'report.release': 'Lage yon peman ki te kenbe',
    'report.reject': 'Rejte yon diskisyon sou peman',
    'adjustment.propose': 'Pwopoze yon ajisteman',
    'adjustment.approve': 'Apwouve yon ajisteman',
    'adjustment.reject': 'Refize yon ajisteman',
    'company.suspend': 'Sispann yon biznis',
    'company.reactivate': 'Reouvri yon biznis',
    'company.deactivate': 'Fèmen yon biznis',
    'product.deactivate': 'Dezaktive yon pwodui',
    'product.reactivate': 'Reaktive yon pwodui',
    'ledger.check': 'Verifye kont jeneral la',
    'audit.export': 'Ekspòte jounal aksyon an',
    'help_request.open': 'Mande èd nan sipò',
    'help_request.answer': 'Reponn yon demann èd',
    'help_request.close': 'Fèmen yon demann èd',
    'agent.create': 'Fè yon moun tounen ajan',
    'fees.update': 'Chanje tablo frè yo',
    'float.propose': 'Pwopoze yon emisyon oswa yon rachte float ajan',
    'float.approve': 'Apwouve yon emisyon oswa yon rachte float ajan',
    'float.reject': 'Refize yon emisyon oswa yon rachte float ajan',
  },
  fr: {
    'operator.sign_in': 'Connexion de l’opérateur',
    'user.view': 'Consultation de la fiche',
    'account.freeze': 'Gel du compte',
    'account.unfreeze': 'Dégel du compte',
    'kyc.photo_view': 'Consultation de la photo de la pièce',
    'kyc.approve': 'Pièce approuvée',
    'kyc.reject': 'Pièce refusée',
    'report.reverse': 'Paiement contesté annulé, argent rendu',
    'report.refund': 'Paiement contesté remboursé',
    'report.release': 'Paiement retenu versé au bénéficiaire',
    'report.reject': 'Contestation de paiement rejetée',
    'adjustment.propose': 'Ajustement proposé',
    'adjustment.approve': 'Ajustement approuvé',
    'adjustment.reject': 'Ajustement refusé',
    'company.suspend': 'Entreprise suspendue',
    'company.reactivate': 'Entreprise réactivée',
    'company.deactivate': 'Entreprise fermée',
    'product.deactivate': 'Produit désactivé',
    'product.reactivate': 'Produit réactivé',
    'ledger.check': 'Vérification du grand livre',
    'audit.export': 'Export du journal d’audit',
    'help_request.open': 'Demande d’aide au support',
    'help_request.answer': 'Réponse à une demande d’aide',
    'help_request.close': 'Demande d’aide close',
    'agent.create': 'Agent créé',
    'fees.update': 'Grille de frais modifiée',
    'float.propose': 'Émission ou rachat de float proposé',
    'float.approve': 'Émission ou rachat de float approuvé',
    'float.reject': 'Émission ou rachat de float refusé',
  },
};

export const auditTargetLabels: Labels<AuditTargetType> = {
  ht: {
    operator: 'Operatè',
    user: 'Itilizatè',
    usuario: 'Itilizatè',
    revisao_documento: 'Revizyon dokiman',
    reclamacao: 'Diskisyon sou peman',
    ajuste_proposto: 'Ajisteman',
    empresa: 'Biznis',
    produto: 'Pwodui',
    ledger_check: 'Verifikasyon kont jeneral',
    audit: 'Jounal aksyon',
    pedido_ajuda: 'Demann èd',
    agente: 'Ajan',
    tarifa: 'Tablo frè',
    operacao_float: 'Float ajan',
  },
  fr: {
    operator: 'Opérateur',
    user: 'Utilisateur',
    usuario: 'Utilisateur',
    revisao_documento: 'Examen de pièce',
    reclamacao: 'Contestation de paiement',
    ajuste_proposto: 'Ajustement',
    empresa: 'Entreprise',
    produto: 'Produit',
    ledger_check: 'Vérification du grand livre',
    audit: 'Journal d’audit',
    pedido_ajuda: 'Demande d’aide',
    agente: 'Agent',
    tarifa: 'Grille de frais',
    operacao_float: 'Float d’agent',
  },
};

export const sessionEndLabels: Labels<SessionEndReason> = {
  ht: {
    logout: 'Li dekonekte',
    refresh_token_reuse: 'Sesyon an te sèvi de fwa (petèt yon vòl)',
    password_reset: 'Modpas la chanje',
    self_freeze: 'Mèt kont lan bloke kont lan (li pèdi telefòn li)',
  },
  fr: {
    logout: 'Déconnexion',
    refresh_token_reuse: 'Session réutilisée (vol possible)',
    password_reset: 'Mot de passe réinitialisé',
    self_freeze: 'Compte gelé par son titulaire (téléphone perdu)',
  },
};

export const saleStatusLabels: Labels<SaleStatus> = {
  ht: { PENDENTE: 'An atant', CONFIRMADA: 'Konfime', CANCELADA: 'Anile', CONCLUIDA: 'Fèt' },
  fr: { PENDENTE: 'En attente', CONFIRMADA: 'Confirmée', CANCELADA: 'Annulée', CONCLUIDA: 'Conclue' },
};

/**
 * The operator's words for a stored value. A value the lists do not know (a row older than them)
 * is shown as stored rather than hidden.
 */
export function labelOf<K extends string>(labels: Labels<K>, locale: AdminLocale, value: string): string {
  const words: Record<string, string> = labels[locale];
  return Object.hasOwn(words, value) ? (words[value] ?? value) : value;
}
