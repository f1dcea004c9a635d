/**
 * The customer's own requests, a page at a time (`GET /richieste/lista-richieste-cliente-paginated`,
 * scoped to the visitor by the gateway): search, state filter, paging. A new query cancels the one
 * on its way, so a fast typist never sees an older answer replace a newer one.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbort, ServiceError } from '../../transport/errors.js';
import type { DeskClient, RequestListQuery, RequestPage } from '../../services/desk.js';
import type { AsyncState } from '../async-state.js';

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

export class DeskListController implements ReactiveController {
  state: AsyncState = 'idle';
  page: RequestPage | undefined;
  error: ServiceError | Error | undefined;
  /** What the shown page answers. */
  shown: ListWanted | undefined;

  private abort: AbortController | undefined;
  private wanted: ListWanted | undefined;
  private key = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: DeskListControllerOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // Back in the page after a move: ask again what was wanted if it never arrived.
    if (this.wanted && this.state !== 'complete') void this.load();
  }

  hostDisconnected(): void {
    this.abort?.abort();
    if (this.state === 'pending') this.state = 'idle';
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
  async load(): Promise<void> {
    const wanted = this.wanted;
    if (!wanted) return;
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.state = 'pending';
    this.error = undefined;
    this.host.requestUpdate();
    try {
      const client = this.options.client();
      if (!client)
        throw new ServiceError({ service: 'desk', kind: 'protocol', message: 'No desk endpoint configured' });
      const query: RequestListQuery = {
        start: wanted.page * wanted.pageSize,
        length: wanted.pageSize,
        ...(wanted.search.trim() ? { search: wanted.search.trim() } : {}),
        ...(wanted.stato ? { stato: wanted.stato } : {}),
        ...(wanted.idUtente !== undefined ? { idUtente: wanted.idUtente } : {}),
      };
      const page = await client.listCustomerRequests(query, abort.signal);
      if (abort.signal.aborted) return;
      this.page = page;
      this.shown = wanted;
      this.state = 'complete';
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) return;
      this.state = 'error';
      this.error = error as Error;
      this.options.onError('load-requests', error as Error);
    }
    this.host.requestUpdate();
  }
}
