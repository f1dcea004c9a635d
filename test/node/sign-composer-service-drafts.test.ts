/**
 * The drafts kept at the signing service (src/controllers/sign/composer-service-drafts.ts): the list
 * and its failure, saving once per press and then as the same draft, a saved draft read back with
 * its type (and without it when the type cannot be read), deleting the draft being worked on.
 * Against a scripted service (no network: the browser tests save and open drafts at the simulator).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inertHost } from '../harness/inert-host.js';
import { ComposerServiceDrafts } from '../../src/controllers/sign/composer-service-drafts.js';
import { ServiceError } from '../../src/transport/errors.js';
import { emptyDraft, type PracticeDraft } from '../../src/model/sign/composer/practice-draft.js';
import type {
  CreationBody,
  DraftRecord,
  ProcessType,
  SignAuthoringService,
} from '../../src/services/sign-authoring.js';

const refused = (status: number) =>
  new ServiceError({ service: 'sign', kind: 'http', status, message: `HTTP ${status}` });

/** A service holding drafts in memory, as the simulator does; `fail` makes the named call answer with that status. */
function service(fail: { drafts?: number; processType?: number; saveDraft?: number } = {}) {
  const records = new Map<number, DraftRecord>();
  const saves: Array<{ idDraft: number | undefined; key: string }> = [];
  let next = 1;
  const authoring = {
    drafts: async () => {
      if (fail.drafts) throw refused(fail.drafts);
      return [...records.values()];
    },
    saveDraft: async (body: Partial<CreationBody>, idDraft: number | undefined, key: string) => {
      saves.push({ idDraft, key });
      if (fail.saveDraft) throw refused(fail.saveDraft);
      const record: DraftRecord = { idDraft: idDraft ?? next++, name: body.name ?? null, body };
      records.set(record.idDraft, record);
      return record;
    },
    deleteDraft: async (idDraft: number) => {
      if (!records.delete(idDraft)) throw refused(404);
    },
    processType: async (id: number): Promise<ProcessType> => {
      if (fail.processType) throw refused(fail.processType);
      return { idWorkflowType: id, code: `T${id}`, name: `Type ${id}`, documents: [], workflowTypesTemplates: [] };
    },
  } as unknown as SignAuthoringService;
  return { authoring, records, saves };
}

function composer(authoring: SignAuthoringService | undefined) {
  let draft: PracticeDraft = emptyDraft();
  draft = { ...draft, options: { ...draft.options, name: 'Contract' } };
  const errors: string[] = [];
  const saved: DraftRecord[] = [];
  const drafts = new ComposerServiceDrafts(inertHost(), {
    authoring: () => authoring,
    draft: () => draft,
    set: (d) => (draft = d),
    preparer: () => 'mrossi',
    onError: (operation) => errors.push(operation),
    onSaved: (record) => saved.push(record),
  });
  return { drafts, errors, saved, draft: () => draft };
}

test('saving gives the practice its draft id; saving again updates that draft', async () => {
  const { authoring, records, saves } = service();
  const { drafts, saved, draft } = composer(authoring);
  const [record, again] = await Promise.all([drafts.save(), drafts.save()]);
  assert.equal(saves.length, 1, 'a second press while saving sends nothing more');
  assert.equal(again, record);
  assert.equal(draft().idDraft, record?.idDraft);
  assert.equal(saved[0], record);
  await drafts.save();
  assert.equal(records.size, 1);
  assert.deepEqual(
    saves.map((s) => s.idDraft),
    [undefined, record?.idDraft],
  );
});

test('a refused save leaves the practice as it was, its error shown by the write', async () => {
  const { authoring } = service({ saveDraft: 503 });
  const { drafts, errors, draft } = composer(authoring);
  assert.equal(await drafts.save(), undefined);
  assert.equal(draft().idDraft, undefined);
  assert.equal(drafts.saving.state, 'error');
  assert.deepEqual(errors, ['save-draft']);
});

test('the list, and a list that fails is an error to load again', async () => {
  const { authoring } = service();
  const { drafts } = composer(authoring);
  await drafts.save();
  const loading = drafts.load();
  assert.equal(drafts.state, 'pending');
  await loading;
  assert.equal(drafts.state, 'complete');
  assert.equal(drafts.list.length, 1);

  const failing = composer(service({ drafts: 500 }).authoring);
  await failing.drafts.load();
  assert.equal(failing.drafts.state, 'error');
  assert.equal(failing.drafts.error?.status, 500);
  assert.deepEqual(failing.errors, ['load-drafts']);
});

test('a saved draft reads back with its type; without it when the type cannot be read', async () => {
  const record: DraftRecord = { idDraft: 9, name: 'Lease', idWorkflowType: 4, body: { name: 'Lease' } };
  const read = await composer(service().authoring).drafts.read(record);
  assert.equal(read?.idDraft, 9);
  assert.equal(read?.processType?.idWorkflowType, 4);

  const noType = composer(service({ processType: 403 }).authoring);
  const opened = await noType.drafts.read(record);
  assert.equal(opened?.idDraft, 9, 'the draft still opens');
  assert.equal(opened?.processType, undefined);
  assert.deepEqual(noType.errors, ['load-process-type']);

  assert.equal(await composer(undefined).drafts.read(record), undefined);
});

test('deleting the draft being worked on unlinks the practice from it; a failed delete is shown', async () => {
  const { authoring } = service();
  const { drafts, draft, errors } = composer(authoring);
  const record = await drafts.save();
  await drafts.load();
  await drafts.delete(record!.idDraft);
  assert.equal(drafts.list.length, 0);
  assert.equal(draft().idDraft, undefined);
  await drafts.delete(record!.idDraft);
  assert.equal(drafts.error?.status, 404);
  assert.deepEqual(errors, ['delete-draft']);
});
