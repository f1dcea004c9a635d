/**
 * The customer's own requests, a page at a time (`GET /richieste/lista-richieste-cliente-paginated`,
 * scoped to the visitor by the gateway): search, state filter, paging. A new query cancels the one
 * on its way (the task aborts its previous run), so a fast typist never sees an older answer
 * replace a newer one.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { initialState, Task } from '@lit/task';
import { isAbort, ServiceError } from '../../transport/errors.js';
import type { DeskClient, RequestListQuery, RequestPage } from '../../services/desk.js';
import { loadStateOf, taskError, type AsyncState } from '../async-state.js';

export interface DeskListControllerOptions {
  client: () => DeskClient | undefined;
  onError: (operation: string, error: ServiceError | Error) => void;
}

export interface ListWanted {
  search: string;
  stato: string;
  /** 0-based page. */
  page: number;
  pageSize: number;
  /** Development only: the customer's `idUtente` when no gateway scopes the call. */
  idUtente?: number | undefined;
}

/** One page as asked and answered. */
interface Loaded {
  wanted: ListWanted;
  page: RequestPage;
}

export class DeskListController implements ReactiveController {
  /**
   * Loading the wanted page: a one-shot task, run again for a new query (which aborts the one on
   * its way), by Retry, or when the configuration changes. Rendered through the kit's one task view.
   */
  readonly loading: Task<readonly [DeskClient | undefined, ListWanted | undefined], Loaded>;
  page: RequestPage | undefined;
  /** What the shown page answers. */
  shown: ListWanted | undefined;

  private wanted: ListWanted | undefined;
  private key = '';

  constructor(
    host: ReactiveControllerHost,
    private readonly options: DeskListControllerOptions,
  ) {
    host.addController(this);
    this.loading = new Task(host, {
      autoRun: false,
      task: async ([client, wanted], { signal }) => {
        // No client: a configuration problem the element shows and reports itself; it loads again
        // when the configuration changes. Not a failed load as well.
        if (!wanted || !client) return initialState;
        const query: RequestListQuery = {
          start: wanted.page * wanted.pageSize,
          length: wanted.pageSize,
          ...(wanted.search.trim() ? { search: wanted.search.trim() } : {}),
          ...(wanted.stato ? { stato: wanted.stato } : {}),
          ...(wanted.idUtente !== undefined ? { idUtente: wanted.idUtente } : {}),
        };
        return { wanted, page: await client.listCustomerRequests(query, signal) };
      },
      onComplete: ({ wanted, page }) => {
        this.page = page;
        this.shown = wanted;
      },
      onError: (error) => {
        if (!isAbort(error)) this.options.onError('load-requests', error as Error);
      },
    });
  }

  /** Where the wanted page stands (a load cut by a disconnect is idle: asked again on reconnect). */
  get state(): AsyncState {
    return loadStateOf(this.loading);
  }

  get error(): Error | undefined {
    return this.state === 'error' ? taskError(this.loading) : undefined;
  }

  hostConnected(): void {
    // Back in the page after a move: ask again what was wanted if it never arrived.
    if (this.wanted && this.state !== 'complete') void this.load();
  }

  hostDisconnected(): void {
    this.loading.abort();
  }

  /** Asks for `wanted` unless it is what is shown or on its way. Cheap to call on every update. */
  want(wanted: ListWanted): void {
    const key = JSON.stringify(wanted);
    if (key === this.key) return;
    this.key = key;
    this.wanted = wanted;
    void this.load();
  }

  /** Loads the wanted page again (Retry, or after the page's own change). */
  load(): Promise<void> {
    if (!this.wanted) return Promise.resolve();
    return this.loading.run([this.options.client(), this.wanted]);
  }
}
