/** Server data in the visitor's language: what the kit sends the services about the language. */
import { expect } from '@open-wc/testing';
import { chatSettings, type AiChatAttributes } from '../../../components/ai-chat/parts/settings.js';
import type { AiClient } from '../../../src/services/ai.js';

const attributes = (extra: Partial<AiChatAttributes>): AiChatAttributes => ({
  endpoint: 'https://ai.example.com/api/v2',
  tokenProvider: undefined,
  agentId: 1,
  model: undefined,
  systemPrompt: undefined,
  sourceApp: 'sportello',
  apiKey: undefined,
  templateVars: undefined,
  language: 'de',
  classificationIntents: undefined,
  responseFormat: 'markdown',
  includeHiddenSources: false,
  stream: true,
  persist: undefined,
  externalConversationId: undefined,
  mode: 'inline',
  renderInterval: 0,
  followUpTool: 'suggest_follow_ups',
  stallTimeout: 30_000,
  ...extra,
});
const client = () => ({}) as AiClient;

describe('server data in the visitor’s language', () => {
  it('the AI request carries the visitor’s language as the `language` template variable', () => {
    expect(chatSettings(attributes({}), client).base).to.deep.include({ template_vars: { language: 'de' } });
  });

  it('an integrator’s own template variables stay, and their `language` wins', () => {
    const vars = chatSettings(attributes({ templateVars: '{"shop":"Bottega","language":"Deutsch"}' }), client).base
      .template_vars;
    expect(vars).to.deep.equal({ language: 'Deutsch', shop: 'Bottega' });
  });
});
