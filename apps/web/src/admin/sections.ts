import type { OperatorRole } from '@kreyolcash/domain';
import type { ComponentType } from 'react';
import { agentsEnabled } from '@/lib/features';

// The back office's areas, the roles that see each (the server checks the same roles on every
// route), and each area's chunk: an operator downloads only the areas they open.
export type Section = {
  key: string;
  roles: readonly OperatorRole[];
  load: () => Promise<{ default: ComponentType }>;
  /** Whether the area exists on this server (the agents' areas only with AGENTS_ENABLED). */
  shown?: () => boolean;
};

export const SECTIONS: readonly Section[] = [
  {
    key: 'users',
    roles: ['support', 'compliance', 'finance', 'admin'],
    load: () => import('./users/users-section'),
  },
  { key: 'kyc', roles: ['compliance', 'admin'], load: () => import('./kyc/kyc-section') },
  { key: 'reports', roles: ['support', 'admin'], load: () => import('./reports/reports-section') },
  { key: 'support', roles: ['support', 'admin'], load: () => import('./support/support-section') },
  {
    key: 'adjustments',
    roles: ['finance', 'admin'],
    load: () => import('./adjustments/adjustments-section'),
  },
  {
    key: 'moderation',
    roles: ['support', 'compliance', 'admin'],
    load: () => import('./moderation/moderation-section'),
  },
  { key: 'ledger', roles: ['finance', 'admin'], load: () => import('./ledger/ledger-section') },
  { key: 'audit', roles: ['compliance', 'admin'], load: () => import('./audit/audit-section') },
  {
    key: 'agents',
    roles: ['support', 'admin'],
    load: () => import('./agents/agents-section'),
    shown: agentsEnabled,
  },
  {
    key: 'fees',
    roles: ['finance', 'admin'],
    load: () => import('./fees/fees-section'),
    shown: agentsEnabled,
  },
  {
    key: 'floats',
    roles: ['finance', 'admin'],
    load: () => import('./floats/floats-section'),
    shown: agentsEnabled,
  },
  {
    key: 'reconciliation',
    roles: ['finance', 'admin', 'support'],
    load: () => import('./reconciliation/reconciliation-section'),
    shown: agentsEnabled,
  },
];

export function sectionsFor(role: OperatorRole): Section[] {
  return SECTIONS.filter((s) => s.roles.includes(role) && (s.shown?.() ?? true));
}
