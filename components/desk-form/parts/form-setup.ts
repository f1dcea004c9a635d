/**
 * The desk form's setup: its desk client, built from the resolved configuration and rebuilt when
 * that changes (a submission refused for want of credentials is sent again), and why the form
 * cannot work yet — no endpoint, no catalogue, a catalogue that failed — as the notices and the
 * submission ask it. The element holds one of these and reads it; it never builds a client itself.
 */
import type { ReactiveControllerHost } from 'lit';
import type { ResolvedConfig } from '../../../src/config.js';
import { DeskFieldErrors, type DeskClient } from '../../../src/services/desk.js';
import { ServiceClientController } from '../../../src/controllers/service-client.js';
import { deskClientFor } from '../../../src/controllers/clients/desk-client.js';
import type { DeskFormController } from '../../../src/controllers/desk/form-controller.js';
import type { SetupState } from './notices-view.js';
import type { DeskStringKey } from '../strings.js';

export interface FormSetupOptions {
  host: ReactiveControllerHost;
  config: () => ResolvedConfig;
  controller: () => DeskFormController;
  /** The per-attempt timeout: a change rebuilds the client. */
  timeout: () => number;
  /** Following a request (the request view inside then reports and shows the problems). */
  following: () => boolean;
  /** The catalogue as given (the `catalog` property) and its URL (`catalog-src`). */
  catalog: () => { given: unknown; src: string | undefined };
  reportConfigProblem: (problem: Error | undefined) => void;
  /** The configuration changed: ask the lookups again. */
  retryLookups: () => void;
  /** Send the submission again (same Idempotency-Key). */
  resend: () => void;
}

/** A failure that new configuration (an endpoint, a token provider) may heal: anything but the form's own content refused. */
function needsConfiguration(error: unknown): boolean {
  return !(error instanceof DeskFieldErrors) && (error as { status?: number } | undefined)?.status !== 400;
}

export class FormSetup {
  /** The desk client from the resolved configuration, rebuilt when that changes (endpoint, token provider, timeout). */
  readonly clients: ServiceClientController<DeskClient>;
  private catalogWarned = false;

  constructor(private readonly o: FormSetupOptions) {
    this.clients = new ServiceClientController<DeskClient>(o.host, o.config, {
      build: deskClientFor,
      // Following a request, the request view inside reports (and shows) the problem: once, not twice.
      report: (problem) => o.reportConfigProblem(o.following() ? undefined : problem),
      inputs: () => [o.timeout()],
      // New configuration: the lookups are asked again with it, and a submission refused for want of
      // credentials is sent again (same Idempotency-Key: the service creates the request at most once).
      changed: () => {
        if (o.following()) return;
        o.retryLookups();
        const c = o.controller();
        if (c.submitState === 'error' && needsConfiguration(c.submitError)) o.resend();
      },
    });
  }

  /**
   * Before each render: back from following a request to the form (or the other way), who reports
   * a configuration problem changed; and a form with no catalogue at all is told to the page, once.
   */
  willUpdate(followingChanged: boolean): void {
    const following = this.o.following();
    if (followingChanged) this.o.reportConfigProblem(following ? undefined : this.clients.problem);
    if (following || !this.noCatalogSource || this.catalogWarned) return;
    this.catalogWarned = true;
    console.warn(
      '[sportello] <sportello-desk-form> has no catalogue: set the catalog property or the catalog-src attribute.',
    );
  }

  get endpoint(): string | undefined {
    return this.o.config().endpoint;
  }

  /** Why the form cannot be sent at all, in the form's words, if so. */
  blocked(): DeskStringKey | undefined {
    const c = this.o.controller();
    if (!this.endpoint) return 'endpointMissing';
    if (c.catalog) return undefined;
    return c.catalogState === 'error' ? 'catalogError' : 'catalogMissing';
  }

  /** Whether a catalogue was given neither as data nor as a URL (the page's mistake). */
  get noCatalogSource(): boolean {
    const { given, src } = this.o.catalog();
    return given === undefined && !src;
  }

  /** What the setup notices show. */
  get state(): SetupState {
    return {
      hasEndpoint: !!this.endpoint,
      noCatalogSource: this.noCatalogSource,
      catalogLoad: this.o.controller().catalogLoad,
    };
  }
}
