/**
 * The composer's process types (src/controllers/sign/composer-types.ts): the list narrowed to the
 * author's types, a failed list that leaves the composer working, a choice applied to the draft, a
 * later choice cutting an earlier one, a cleared type. Against a scripted service (no network: the
 * browser tests ask the simulator).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ComposerProcessTypes, type ProcessTypesOwner } from '../../src/controllers/sign/composer-types.js';
import { ServiceError } from '../../src/transport/errors.js';
import { emptyDraft, type PracticeDraft } from '../../src/model/sign/composer/practice-draft.js';
import type { ProcessType, ProcessTypeSummary, SignAuthoringService } from '../../src/services/sign-authoring.js';

const summary = (idWorkflowType: number, code: string): ProcessTypeSummary => ({
  idWorkflowType,
  code,
  name: `Type ${code}`,
});
const processType = (idWorkflowType: number, code: string): ProcessType => ({
  ...summary(idWorkflowType, code),
  documents: [],
  workflowTypesTemplates: [],
});
const refused = (status: number) =>
  new ServiceError({ service: 'sign', kind: 'http', status, message: `HTTP ${status}` });

/** A service whose answers the test gives: `types` listed, and each type read when its promise is released. */
function service(o: { types?: ProcessTypeSummary[] | ServiceError } = {}) {
  const asked: number[] = [];
  const pending = new Map<number, { resolve: (t: ProcessType) => void; reject: (e: unknown) => void }>();
  const authoring = {
    typesToSubmit: async () => {
      if (o.types instanceof ServiceError) throw o.types;
      return o.types ?? [];
    },
    processType: (id: number, signal?: AbortSignal) =>
      new Promise<ProcessType>((resolve, reject) => {
        asked.push(id);
        pending.set(id, { resolve, reject });
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  } as unknown as SignAuthoringService;
  return { authoring, asked, answer: (id: number, code: string) => pending.get(id)!.resolve(processType(id, code)) };
}

function owner(authoring: SignAuthoringService | undefined, allowed?: readonly string[]) {
  const errors: string[] = [];
  let draft: PracticeDraft = emptyDraft();
  const o: ProcessTypesOwner = {
    authoring: () => authoring,
    allowedTypes: () => allowed,
    draft: () => draft,
    applied: (next) => (draft = next),
    onError: (operation) => errors.push(operation),
    requestUpdate: () => undefined,
  };
  return { o, errors, draft: () => draft };
}

/** Lets the scripted service's answers arrive. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

test('the list is the service’s, narrowed to the author’s types when the page knows them', async () => {
  const { authoring } = service({ types: [summary(1, 'A'), summary(2, 'B'), summary(3, 'C')] });
  const all = new ComposerProcessTypes(owner(authoring).o);
  const narrowed = new ComposerProcessTypes(owner(authoring, ['C', 'A']).o);
  all.follow();
  narrowed.follow();
  assert.equal(all.listState, 'pending');
  await settled();
  assert.deepEqual(
    all.list.map((t) => t.code),
    ['A', 'B', 'C'],
  );
  assert.deepEqual(
    narrowed.list.map((t) => t.code),
    ['A', 'C'],
  );
  assert.equal(all.listState, 'complete');
});

test('the list is asked once per service, and again for another one', async () => {
  let asked = 0;
  const make = () =>
    ({
      typesToSubmit: async () => {
        asked++;
        return [];
      },
    }) as unknown as SignAuthoringService;
  let authoring: SignAuthoringService | undefined;
  const types = new ComposerProcessTypes({ ...owner(undefined).o, authoring: () => authoring });
  types.follow();
  assert.equal(asked, 0, 'nothing is asked before the service is configured');
  authoring = make();
  types.follow();
  types.follow();
  await settled();
  assert.equal(asked, 1);
  authoring = make();
  types.follow();
  await settled();
  assert.equal(asked, 2);
});

test('a list the user may not read is an error to retry, reported once per attempt', async () => {
  const { authoring } = service({ types: refused(403) });
  const { o, errors } = owner(authoring);
  const types = new ComposerProcessTypes(o);
  types.follow();
  await settled();
  assert.equal(types.listState, 'error');
  assert.equal(types.listError?.status, 403);
  assert.deepEqual(errors, ['load-process-types']);
  types.retry();
  assert.equal(types.listState, 'pending');
  assert.equal(types.listError, undefined);
  await settled();
  assert.deepEqual(errors, ['load-process-types', 'load-process-types']);
});

test('a later choice cuts an earlier one still on its way: only the last is applied', async () => {
  const { authoring, answer } = service();
  const { o, draft, errors } = owner(authoring);
  const types = new ComposerProcessTypes(o);
  const first = types.choose(1);
  assert.equal(types.chosenState, 'pending');
  const second = types.choose(2);
  answer(2, 'B');
  await Promise.all([first, second]);
  assert.equal(draft().processType?.code, 'B');
  assert.equal(types.chosenState, 'complete');
  assert.deepEqual(errors, [], 'the cut choice is not an error');
});

test('a type chosen by its code, and cleared again', async () => {
  const { authoring, asked, answer } = service({ types: [summary(7, 'CONTRACT')] });
  const { o, draft } = owner(authoring);
  const types = new ComposerProcessTypes(o);
  const choosing = types.chooseByCode('CONTRACT');
  await settled();
  assert.deepEqual(asked, [7]);
  answer(7, 'CONTRACT');
  await choosing;
  assert.equal(draft().processType?.idWorkflowType, 7);
  await types.choose(undefined);
  assert.equal(draft().processType, undefined);
  assert.equal(types.chosenState, 'idle');
});

test('an unknown code changes nothing; a type that cannot be read is an error to retry', async () => {
  const authoring = {
    typesToSubmit: async () => [summary(1, 'A')],
    processType: async () => {
      throw refused(404);
    },
  } as unknown as SignAuthoringService;
  const { o, draft, errors } = owner(authoring);
  const types = new ComposerProcessTypes(o);
  await types.chooseByCode('NOPE');
  assert.equal(types.chosenState, 'idle');
  assert.equal(draft().processType, undefined);
  await types.choose(1);
  assert.equal(types.chosenState, 'error');
  assert.equal(types.chosenError?.status, 404);
  assert.deepEqual(errors, ['load-process-type']);
});

test('a type on its way when the element leaves is not applied', async () => {
  const { authoring } = service();
  const { o, draft, errors } = owner(authoring);
  const types = new ComposerProcessTypes(o);
  const choosing = types.choose(3);
  types.stop();
  await choosing;
  assert.equal(draft().processType, undefined);
  assert.deepEqual(errors, []);
});
