/**
 * Sending the composer's practice (src/controllers/sign/composer-sending.ts): problems stop it and
 * are shown; one key for every attempt of one practice; a refusal (4xx) tied to its field, a 5xx
 * not; a sent practice held and handed on; starting over forgets it. Against a scripted service (no
 * network: the browser tests send to the simulator).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inertHost } from '../harness/inert-host.js';
import { ComposerSending } from '../../src/controllers/sign/composer-sending.js';
import { ServiceError } from '../../src/transport/errors.js';
import { emptyDraft, type PracticeDraft } from '../../src/model/sign/composer/practice-draft.js';
import type { Problem } from '../../src/model/sign/composer/practice-checks.js';
import type { CreationResponse, SignAuthoringService } from '../../src/services/sign-authoring.js';

const refusal = (status: number, code?: string, message = `HTTP ${status}`) =>
  new ServiceError({ service: 'sign', kind: 'http', status, code, message });

/** A service whose answers to sends are scripted, in order ('ok' or an error). */
function service(answers: Array<'ok' | ServiceError>) {
  const keys: string[] = [];
  const authoring = {
    send: async (_body: unknown, key: string) => {
      keys.push(key);
      const answer = answers.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
      return { idWorkflow: 77 } as unknown as CreationResponse;
    },
  } as unknown as SignAuthoringService;
  return { authoring, keys };
}

function composer(authoring: SignAuthoringService, problems: Problem[] = []) {
  const draft: PracticeDraft = emptyDraft();
  const sent: CreationResponse[] = [];
  const errors: string[] = [];
  let keyChanges = 0;
  const sending = new ComposerSending(inertHost(), {
    authoring: () => authoring,
    draft: () => draft,
    problems: () => problems,
    preparer: () => undefined,
    keyChanged: () => keyChanges++,
    sent: async (response) => {
      sent.push(response);
    },
    onError: (operation) => errors.push(operation),
  });
  return { sending, sent, errors, keyChanges: () => keyChanges, problems };
}

test('problems stop the send and are shown; nothing is sent', async () => {
  const { authoring, keys } = service([]);
  const problem: Problem = { field: 'documents', key: 'problemNoDocuments', params: {} };
  const { sending, sent } = composer(authoring, [problem]);
  assert.deepEqual(await sending.send(), [problem]);
  assert.equal(sending.showProblems, true);
  assert.deepEqual(keys, []);
  assert.deepEqual(sent, []);
});

test('a retry after a cut connection carries the same key; the sent practice is held and handed on', async () => {
  const cut = new ServiceError({ service: 'sign', kind: 'network', message: 'Failed to fetch' });
  const { authoring, keys } = service([cut, 'ok']);
  const { sending, sent, errors, keyChanges } = composer(authoring);
  assert.deepEqual(await sending.send(), []);
  assert.equal(sending.state, 'error');
  assert.equal(sending.refusal, undefined, 'a cut connection is no refusal');
  assert.ok(sending.key, 'the key is kept for the next attempt');
  assert.ok(keyChanges() > 0, 'the key is kept with the work');
  await sending.send();
  assert.equal(keys.length, 2);
  assert.equal(keys[0], keys[1]);
  assert.equal(sending.sent?.response, sent[0]);
  assert.equal(sending.showProblems, false);
  assert.deepEqual(errors, ['send-practice']);
});

test('a refusal is tied to the field it names; a 5xx is not a refusal', async () => {
  const { authoring } = service([refusal(400, 'error.name.missing', 'name is required'), refusal(503)]);
  const { sending } = composer(authoring);
  await sending.send();
  assert.deepEqual(sending.refusal, { field: 'option:name', message: 'name is required' });
  await sending.send();
  assert.equal(sending.refusal, undefined);
  assert.equal(sending.state, 'error');
});

test('starting over forgets what was sent, refused and shown, and the key', async () => {
  const { authoring, keys } = service([refusal(503), 'ok', 'ok']);
  const { sending } = composer(authoring);
  await sending.send();
  sending.reset();
  assert.equal(sending.key, undefined, 'another practice: a new key');
  await sending.send();
  assert.notEqual(keys[0], keys[1]);
  assert.ok(sending.sent);
  sending.startOver();
  assert.equal(sending.sent, undefined);
  assert.equal(sending.refusal, undefined);
  assert.equal(sending.showProblems, false);
  assert.equal(sending.state, 'idle');
});

test('a key restored from the work kept across a reload is the one the send carries', async () => {
  const { authoring, keys } = service(['ok']);
  const { sending } = composer(authoring);
  sending.key = 'kept-key';
  await sending.send();
  assert.deepEqual(keys, ['kept-key']);
});
