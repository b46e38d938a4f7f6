// Whether the agents' services (cash in and out at agents, fees, the agent's desk) are on: the
// server marks every page it sends with `data-agents="on"` when AGENTS_ENABLED is set
// (apps/server/src/features/web/marked-pages.ts). Read synchronously, before anything is drawn.
// A prerendered page, built without knowing the setting, holds the text of both settings instead:
// the `when-agents` and `when-no-agents` classes (styles.css) show the true one.

export function agentsEnabled(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.agents === 'on';
}

/** A text true for one setting only: shown by the stylesheet when the page's setting is that one. */
export type AgentsSetting = 'agents' | 'noAgents';

export const settingClass: Record<AgentsSetting, string> = {
  agents: 'when-agents',
  noAgents: 'when-no-agents',
};
