// The AI simulator's suggested follow-ups: an agent whose tools_config lists `suggest_follow_ups`
// calls it after an in-scope knowledge answer (a `tool_call` with `{questions}`); others never do.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';

let sim: RunningSimulator;
before(async () => {
  sim = await startSimulator({ port: 0, paceMs: 0 });
});
after(() => sim.close());

const HEADERS = { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct', 'Content-Type': 'application/json' };

async function stream(agent_id: number, message: string): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`${sim.url}/ai/api/v2/chat`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ agent_id, message, stream: true }),
  });
  return (await res.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

const followUps = (events: Array<Record<string, unknown>>) =>
  events.filter((e) => e.type === 'tool_call' && e.tool_name === 'suggest_follow_ups');

describe('AI simulator: suggested follow-ups', () => {
  it("agent 1 suggests published FAQ questions in the question's language, after its text", async () => {
    const events = await stream(1, 'How do I reset my password?');
    const [call] = followUps(events);
    assert.ok(call, 'a follow-up call');
    const questions = (call.tool_args as { questions: string[] }).questions;
    assert.ok(questions.length >= 1 && questions.length <= 3);
    assert.ok(questions.includes('How can I pay my invoice?'));
    assert.ok(!questions.includes('What are the refund approval thresholds?'), 'a hidden FAQ is never suggested');
    const types = events.map((e) => e.type);
    assert.ok(types.lastIndexOf('delta') < events.indexOf(call), 'after the text');
    const italian = (
      followUps(await stream(1, 'Come posso pagare la fattura?'))[0]!.tool_args as { questions: string[] }
    ).questions;
    assert.ok(italian.includes('Non ricordo la password'));
  });

  it('none from an agent without the tool, and none for an out-of-scope question', async () => {
    assert.deepEqual(followUps(await stream(2, 'How do I reset my password?')), []);
    assert.deepEqual(followUps(await stream(1, 'who won the match?')), []);
  });

  it('a whole answer names the tool among tools_used (its arguments are streamed only)', async () => {
    const res = await fetch(`${sim.url}/ai/api/v2/chat`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ agent_id: 1, message: 'How do I reset my password?' }),
    });
    const answer = (await res.json()) as { tools_used: string[]; tool_calls_count: number };
    assert.deepEqual(answer.tools_used, ['suggest_follow_ups']);
    assert.equal(answer.tool_calls_count, 1);
  });
});
