/**
 * Sending the composer's practice, once whatever the network does: every attempt of one practice
 * carries one Idempotency-Key (idempotent-write.ts), kept across a reload by the browser's keeping
 * of the work. Before it goes, the problems that stop it are shown (and checked again as the user
 * fixes them); after, what the service refused is tied to the field it is about, and what was sent
 * is held for the sent view. What the problems are is the controller's (composer-controller.ts),
 * which knows the uploads and the keywords found. No Lit at runtime: it is tested as a model
 * (test/node/sign-composer-sending.test.ts).
 */
import type { ReactiveControllerHost } from 'lit';
import type { AsyncState } from '../async-state.js';
import { IdempotentWrite } from '../idempotent-write.js';
import { isServiceError, ServiceError } from '../../transport/errors.js';
import type { CreationBody, CreationResponse, SignAuthoringService } from '../../services/sign-authoring.js';
import type { PracticeDraft } from '../../model/sign/composer/practice-draft.js';
import { creationBody, type FieldRef } from '../../model/sign/composer/practice-body.js';
import type { Problem } from '../../model/sign/composer/practice-checks.js';
import { refusedField } from '../../model/sign/composer/refusals.js';

/** What the service refused in the last send, and the field it is about. */
export interface Refusal {
  field: FieldRef | undefined;
  message: string;
}

/** What sending needs from the controller that holds it. */
export interface SendingOwner {
  /** The service, once configured. */
  authoring(): SignAuthoringService | undefined;
  draft(): PracticeDraft;
  /** What must be fixed before sending, now. */
  problems(): Problem[];
  /** The username of whoever prepares the practice (for in-person signers), if known. */
  preparer(): string | undefined;
  /** The send key (or its absence) changed: the work kept in the browser keeps it. */
  keyChanged(): void;
  /** The practice was sent (what the owner keeps of the work is no longer needed). */
  sent(response: CreationResponse, draft: PracticeDraft): Promise<void>;
  onError(operation: string, error: Error): void;
}

export class ComposerSending {
  /** The last sent practice: the service's answer and what was sent. */
  sent: { response: CreationResponse; draft: PracticeDraft } | undefined;
  refusal: Refusal | undefined;
  /** The problems are shown from a press of Send until one succeeds (checked again as they are fixed). */
  showProblems = false;

  private readonly write: IdempotentWrite<CreationBody, CreationResponse>;
  /** The fields of the body last sent, for tying a refusal to one of them. */
  private lastFields = new Map<string, FieldRef>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly owner: SendingOwner,
  ) {
    this.write = new IdempotentWrite(host, {
      write: (body, key) => {
        const authoring = owner.authoring();
        if (!authoring)
          throw new ServiceError({ service: 'sign', kind: 'protocol', message: 'No signing service configured.' });
        return authoring.send(body, key);
      },
      onError: (error) => owner.onError('send-practice', error),
      keyChanged: () => owner.keyChanged(),
    });
  }

  get state(): AsyncState {
    return this.write.state;
  }

  get error(): Error | undefined {
    return this.write.error;
  }

  /** The key every attempt of this practice carries; set from the work kept across a reload. */
  get key(): string | undefined {
    return this.write.key;
  }

  set key(key: string | undefined) {
    this.write.key = key;
  }

  /**
   * Sends the practice, once: a second press while it is on its way, or a retry after a cut
   * connection, carries the same Idempotency-Key. Returns the problems that stop it (none: sent or failed).
   */
  async send(): Promise<Problem[]> {
    const problems = this.owner.problems();
    this.showProblems = problems.length > 0;
    this.host.requestUpdate();
    if (problems.length) return problems;
    const draft = this.owner.draft();
    const built = creationBody(draft, this.owner.preparer());
    this.lastFields = built.fields;
    this.refusal = undefined;
    const response = await this.write.run(built.body);
    if (response) {
      this.sent = { response, draft };
      this.showProblems = false;
      await this.owner.sent(response, draft);
    } else {
      const error = this.write.error;
      // A refusal (4xx) is about what was sent; a 5xx or a cut connection is not, and is tried again as it was.
      if (error && isServiceError(error) && error.status && error.status < 500) {
        this.refusal = {
          field: refusedField({ message: error.message, code: error.code }, this.lastFields),
          message: error.message,
        };
      }
    }
    this.host.requestUpdate();
    return [];
  }

  /** Another practice is worked on (a saved draft opened): its send is a new one, with a new key. */
  reset(): void {
    this.write.reset();
  }

  /** A new practice from nothing: nothing sent, refused or shown. */
  startOver(): void {
    this.write.reset();
    this.sent = undefined;
    this.refusal = undefined;
    this.showProblems = false;
  }
}
