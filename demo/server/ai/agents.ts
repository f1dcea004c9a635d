/** The tool an agent calls with `{questions}` to suggest what the visitor may ask next. */
export const FOLLOW_UP_TOOL = 'suggest_follow_ups';

/** Whether the agent's `tools_config` lists `tool`. */
export function hasTool(agent: Agent | null, tool: string): boolean {
  const tools = agent?.tools_config?.tools;
  return Array.isArray(tools) && tools.includes(tool);
}

/** Seeded agents (spec §2.1 output shape). Read-only in the simulator: the widget only chats. */
export interface Agent {
  id: number;
  tenant_id: number;
  name: string;
  description: string;
  model_provider: string;
  model_name: string;
  system_prompt: string;
  temperature: number;
  max_tokens: number;
  reasoning_effort: string | null;
  tools_config: Record<string, unknown> | null;
  rag_config: Record<string, unknown>;
  handoff_config: Record<string, unknown>;
  output_schema: Record<string, unknown> | null;
  mcp_server_ids: number[] | null;
  parent_id: number | null;
  is_temporary: boolean;
  status: 'draft' | 'active' | 'paused' | 'archived';
  version: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

const base = {
  tenant_id: 1,
  model_provider: 'local',
  temperature: 0.7,
  max_tokens: 2048,
  reasoning_effort: null,
  output_schema: null,
  mcp_server_ids: null,
  parent_id: null,
  is_temporary: false,
  created_by: 'admin@borgo.example',
  tools_config: { tools: ['track_shipment', 'cancel_order'], approval_required: ['cancel_order'] },
  handoff_config: { enabled: true, confidence_threshold: 0.35, intents: ['human_request'] },
} as const;

const rag = (ids: string[]) => ({
  enabled: true,
  knowledge_base_ids: ids,
  top_k: 4,
  score_threshold: 0.2,
  hybrid_search: true,
  hybrid_alpha: 0.8,
  no_context_message: null,
});

export const AGENTS: Agent[] = [
  {
    ...base,
    id: 1,
    name: 'Assistente Sportello',
    description: 'Risponde su fatture, account, spedizioni, orari, firma e assistenza.',
    model_name: 'sim-small',
    status: 'active',
    version: 3,
    system_prompt:
      "Sei l'assistente di {{company}}. Rispondi in modo cortese a {{customer_name}} usando solo la base di conoscenza.",
    // Also suggests what to ask next, by function calling (README: "Suggested follow-ups").
    tools_config: {
      tools: ['track_shipment', 'cancel_order', FOLLOW_UP_TOOL],
      approval_required: ['cancel_order'],
    },
    rag_config: rag(['1', '2']),
    created_at: '2026-01-10T08:00:00Z',
    updated_at: '2026-02-01T10:30:00Z',
  },
  {
    ...base,
    id: 2,
    name: 'Analista fatture',
    description: 'Ragiona passo passo sulle domande di fatturazione.',
    model_name: 'sim-reasoner',
    reasoning_effort: 'medium',
    status: 'active',
    version: 1,
    max_tokens: 4096,
    system_prompt: 'You are the billing analyst of {{company}}. Think step by step before answering.',
    rag_config: rag(['1', '2']),
    created_at: '2026-01-12T08:00:00Z',
    updated_at: '2026-01-12T08:00:00Z',
  },
  {
    ...base,
    id: 3,
    name: 'Spedizioni (bozza)',
    description: 'Agente in preparazione per le spedizioni.',
    model_name: 'sim-small',
    status: 'draft',
    version: 1,
    system_prompt: 'Rispondi solo sulle spedizioni.',
    rag_config: rag(['1']),
    created_at: '2026-01-20T08:00:00Z',
    updated_at: '2026-01-20T08:00:00Z',
  },
  {
    ...base,
    id: 4,
    name: 'Chat con documento (temporaneo)',
    description: "Agente temporaneo creato da un'analisi PDF.",
    model_name: 'sim-small',
    status: 'active',
    version: 1,
    is_temporary: true,
    system_prompt: 'Rispondi sul documento caricato.',
    rag_config: rag(['1']),
    created_at: '2026-02-03T08:00:00Z',
    updated_at: '2026-02-03T08:00:00Z',
  },
  {
    ...base,
    id: 5,
    tenant_id: 2,
    name: 'Other tenant agent',
    description: 'Belongs to another tenant.',
    model_name: 'sim-small',
    status: 'active',
    version: 1,
    system_prompt: 'Other tenant.',
    rag_config: rag(['2']),
    created_at: '2026-01-05T08:00:00Z',
    updated_at: '2026-01-05T08:00:00Z',
  },
];

/** Default template values when the caller gives none (the prompt still reads naturally). */
export const DEFAULT_TEMPLATE_VARS: Record<string, string> = { company: 'Borgo Servizi', customer_name: 'cliente' };

/** Replaces `{{name}}` in a prompt; unknown variables stay as written, as the service leaves them. */
export function substitute(prompt: string, vars: Record<string, string>): string {
  return prompt.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => vars[name] ?? DEFAULT_TEMPLATE_VARS[name] ?? m);
}
