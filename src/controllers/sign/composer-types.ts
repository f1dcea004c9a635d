/**
 * The composer's process types: the list the user may submit (the service's, narrowed to the
 * author's own when the page knows them), and one chosen type read from the service and applied to
 * the draft (its documents, signers and areas), or cleared. Not every user may list types: a list
 * that fails leaves the composer working with the user's own documents. No Lit: it is tested as a
 * model (test/node/sign-composer-types.test.ts); the controller (composer-controller.ts) holds it.
 */
import type { AsyncState } from '../async-state.js';
import { asServiceError, isAbort, type ServiceError } from '../../transport/errors.js';
import type { ProcessTypeSummary, SignAuthoringService } from '../../services/sign-authoring.js';
import type { PracticeDraft } from '../../model/sign/composer/practice-draft.js';
import { applyType, clearType } from '../../model/sign/composer/draft-from-service.js';

/** What the types need from the controller that holds them. */
export interface ProcessTypesOwner {
  /** The service, once configured. */
  authoring(): SignAuthoringService | undefined;
  /** Codes of the process types this user may use, when the page knows them (the author's claims). */
  allowedTypes(): readonly string[] | undefined;
  draft(): PracticeDraft;
  /** A type was applied or cleared: the draft it made (documents it dropped are the owner's to forget). */
  applied(next: PracticeDraft): void;
  onError(operation: string, error: ServiceError): void;
  requestUpdate(): void;
}

export class ComposerProcessTypes {
  /** The types the user may submit. */
  list: ProcessTypeSummary[] = [];
  listState: AsyncState = 'idle';
  listError: ServiceError | undefined;
  /** Reading the chosen type from the service. */
  chosenState: AsyncState = 'idle';
  chosenError: ServiceError | undefined;

  /** The service the list was asked of (a new one asks again; an older answer is dropped). */
  private listedBy: SignAuthoringService | undefined;
  private chooseAbort: AbortController | undefined;

  constructor(private readonly owner: ProcessTypesOwner) {}

  /** Lists the types once the service is there, and again when it is another one. */
  follow(): void {
    const authoring = this.owner.authoring();
    if (authoring && authoring !== this.listedBy) void this.load(authoring);
  }

  /** Lists the types again (after a failure). */
  retry(): void {
    const authoring = this.owner.authoring();
    if (authoring) void this.load(authoring);
  }

  private async load(authoring: SignAuthoringService): Promise<void> {
    this.listedBy = authoring;
    this.listState = 'pending';
    this.listError = undefined;
    this.owner.requestUpdate();
    try {
      const all = await authoring.typesToSubmit();
      if (authoring !== this.listedBy) return;
      const allowed = this.owner.allowedTypes();
      this.list = allowed ? all.filter((t) => allowed.includes(t.code)) : all;
      this.listState = 'complete';
    } catch (error) {
      if (authoring !== this.listedBy) return;
      this.listError = asServiceError(error, 'sign');
      this.listState = 'error';
      // Not every user may list process types: the composer still works with their own documents.
      this.owner.onError('load-process-types', this.listError);
    }
    this.owner.requestUpdate();
  }

  /** Applies the type of a code (the page's `process-type`), reading the list first if it is not here yet. */
  async chooseByCode(code: string): Promise<void> {
    const authoring = this.owner.authoring();
    if (!authoring) return;
    try {
      const types = this.list.length ? this.list : await authoring.typesToSubmit();
      const found = types.find((t) => t.code === code);
      if (found) await this.choose(found.idWorkflowType);
    } catch (error) {
      this.owner.onError('load-process-types', asServiceError(error, 'sign'));
    }
  }

  /** Applies a process type to the draft (undefined: none); a later choice cuts an earlier one still on its way. */
  async choose(idWorkflowType: number | undefined): Promise<void> {
    this.chooseAbort?.abort();
    if (idWorkflowType === undefined) {
      this.chosenState = 'idle';
      this.owner.applied(clearType(this.owner.draft()));
      return;
    }
    const authoring = this.owner.authoring();
    if (!authoring) return;
    const abort = (this.chooseAbort = new AbortController());
    this.chosenState = 'pending';
    this.chosenError = undefined;
    this.owner.requestUpdate();
    try {
      const type = await authoring.processType(idWorkflowType, abort.signal);
      if (abort.signal.aborted) return;
      this.chosenState = 'complete';
      this.owner.applied(applyType(this.owner.draft(), type));
    } catch (error) {
      if (abort.signal.aborted || isAbort(error)) return;
      this.chosenError = asServiceError(error, 'sign');
      this.chosenState = 'error';
      this.owner.onError('load-process-type', this.chosenError);
      this.owner.requestUpdate();
    }
  }

  /** The element left the page: a type still on its way is not applied. */
  stop(): void {
    this.chooseAbort?.abort();
  }
}
