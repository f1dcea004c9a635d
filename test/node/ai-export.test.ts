/**
 * The conversation as Markdown (components/ai-chat/parts/export.ts): each question and answer in
 * order, a question's files, an answer's sources (linked only to http(s) addresses), an html answer
 * as the text shown, and nothing for an answer that has no text yet.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conversationMarkdown, exportFileName } from '../../components/ai-chat/parts/export.js';
import type { AssistantMessage, ChatMessage } from '../../src/model/ai/messages.js';

const words = {
  title: 'Assistant',
  date: '14 March 2026',
  you: 'You',
  assistant: 'Assistant',
  sources: 'Sources',
  files: (names: string) => `Attached: ${names}`,
};

function answer(id: string, text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    id,
    role: 'assistant',
    status: 'done',
    text,
    format: 'markdown',
    ragSteps: [],
    thinking: '',
    sources: [],
    tools: [],
    request: { message: '' },
    ...extra,
  };
}

test('questions and answers in order, with files and sources', () => {
  const messages: ChatMessage[] = [
    { id: 'q1', role: 'user', text: 'Opening hours?\r\n', files: ['card.png'] },
    answer('a1', '**9-18** [1]', {
      sources: [
        { citation: 1, document_id: '1', title: 'Hours', metadata: { url: 'https://example.com/hours' } },
        { citation: 2, document_id: '2', title: 'Trap', metadata: { url: 'javascript:alert(1)' } },
      ],
    }),
    { id: 'q2', role: 'user', text: 'And on Sunday?', files: [] },
    answer('a2', '', { status: 'waiting' }),
  ];
  assert.equal(
    conversationMarkdown(messages, words, () => ''),
    [
      '# Assistant',
      '14 March 2026',
      '**You:** Opening hours?',
      '_Attached: card.png_',
      '**Assistant:**',
      '**9-18** [1]',
      'Sources:\n\n1. [Hours](https://example.com/hours)\n2. Trap',
      '**You:** And on Sunday?',
    ].join('\n\n') + '\n',
  );
});

test('an html answer is written as the text shown', () => {
  const messages: ChatMessage[] = [answer('a1', '<p>Hi <b>there</b></p>', { format: 'html' })];
  assert.match(
    conversationMarkdown(messages, words, (id) => (id === 'a1' ? 'Hi there' : '')),
    /\*\*Assistant:\*\*\n\nHi there\n$/,
  );
});

test('the file is named by the local date', () => {
  assert.equal(exportFileName(new Date(2026, 2, 4, 23, 59)), 'conversation-2026-03-04.md');
});
