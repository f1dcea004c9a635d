/**
 * The drafts the user keeps at the signing service (not the browser's own keeping of the work, which
 * is the controller's): the list, saving the practice as a draft — a new one, or the one it was
 * opened from, never twice for one press (one Idempotency-Key per payload) — reading one back as a
 * draft to open, and deleting one. Opening replaces the work, which is the controller's to do
 * (composer-controller.ts). No Lit: it is tested as a model (test/node/sign-composer-service-drafts.test.ts).
 */
import type { ReactiveControllerHost } from 'lit';
import type { AsyncState } from '../async-state.js';
import { IdempotentWrite } from '../idempotent-write.js';
import { asServiceError, ServiceError } from '../../transport/errors.js';
import type { CreationBody, DraftRecord, ProcessType, SignAuthoringService } from '../../services/sign-authoring.js';
import type { PracticeDraft } from '../../model/sign/composer/practice-draft.js';
import { creationBody } from '../../model/sign/composer/practice-body.js';
import { draftFromBody } from '../../model/sign/composer/draft-from-service.js';

/** What the service's drafts need from the controller that holds them. */
export interface ServiceDraftsOwner {
  /** The service, once configured. */
  authoring(): SignAuthoringService | undefined;
  draft(): PracticeDraft;
  /** The practice's draft changed (its id at the service was given or dropped). */
  set(next: PracticeDraft): void;
  /** The username of whoever prepares the practice (for in-person signers), if known. */
  preparer(): string | undefined;
  onError(operation: string, error: ServiceError | Error): void;
  onSaved(record: DraftRecord): void;
}

export class ComposerServiceDrafts {
  /** The user's drafts at the service, as last listed. */
  list: DraftRecord[] = [];
  state: AsyncState = 'idle';
  error: ServiceError | undefined;
  readonly saving: IdempotentWrite<{ body: Partial<CreationBody>; idDraft: number | undefined }, DraftRecord>;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly owner: ServiceDraftsOwner,
  ) {
    this.saving = new IdempotentWrite(host, {
      write: ({ body, idDraft }, key) => this.authoringOrThrow().saveDraft(body, idDraft, key),
      onError: (error) => owner.onError('save-draft', error),
    });
  }

  private authoringOrThrow(): SignAuthoringService {
    const authoring = this.owner.authoring();
    if (!authoring)
      throw new ServiceError({ service: 'sign', kind: 'protocol', message: 'No signing service configured.' });
    return authoring;
  }

  async load(): Promise<void> {
    const authoring = this.owner.authoring();
    if (!authoring) return;
    this.state = 'pending';
    this.error = undefined;
    this.host.requestUpdate();
    try {
      this.list = await authoring.drafts();
      this.state = 'complete';
    } catch (error) {
      this.error = asServiceError(error, 'sign');
      this.state = 'error';
      this.owner.onError('load-drafts', this.error);
    }
    this.host.requestUpdate();
  }

  /** Saves the practice as a draft at the service (a new one, or the one it was opened from). */
  async save(): Promise<DraftRecord | undefined> {
    const draft = this.owner.draft();
    const { body } = creationBody(draft, this.owner.preparer());
    const record = await this.saving.run({ body, idDraft: draft.idDraft });
    if (!record) return undefined;
    this.owner.set({ ...this.owner.draft(), idDraft: record.idDraft });
    this.owner.onSaved(record);
    return record;
  }

  /**
   * A saved draft as the composer's draft, with its process type read from the service (without
   * it when that fails: the draft still opens); undefined when no service is configured.
   */
  async read(record: DraftRecord): Promise<PracticeDraft | undefined> {
    const authoring = this.owner.authoring();
    if (!authoring) return undefined;
    let type: ProcessType | undefined;
    try {
      if (record.idWorkflowType) type = await authoring.processType(record.idWorkflowType);
    } catch (error) {
      this.owner.onError('load-process-type', asServiceError(error, 'sign'));
    }
    return draftFromBody(record.body, type, record.idDraft);
  }

  async delete(idDraft: number): Promise<void> {
    const authoring = this.owner.authoring();
    if (!authoring) return;
    try {
      await authoring.deleteDraft(idDraft);
      this.list = this.list.filter((x) => x.idDraft !== idDraft);
      const draft = this.owner.draft();
      if (draft.idDraft === idDraft) this.owner.set({ ...draft, idDraft: undefined });
      this.host.requestUpdate();
    } catch (error) {
      this.error = asServiceError(error, 'sign');
      this.owner.onError('delete-draft', this.error);
      this.host.requestUpdate();
    }
  }
}
