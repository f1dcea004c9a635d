/**
 * Help desk (specs/desk-and-chat-services.md §4.1): what the desk form uses. `idUtente` always
 * comes from the visitor token (or the configured anonymous user), never from the page; a request,
 * its comments, reminders, reopening and rating are reachable only by the visitor who created it —
 * checked against the request's creator (`utenteCre.idUtente`), or against the gateway's own
 * ownership record when it was created without a desk identity (anonymous visitors).
 */
import { Refused, type Call } from '../call.js';
import { MESSAGES } from '../errors.js';
import type { AllowedRoute } from './types.js';

/** How long the gateway remembers what an anonymous visitor created or opened. */
const OWNERSHIP_TTL_S = 90 * 24 * 3600;
const UPLOAD_TTL_S = 24 * 3600;

interface DeskIdentity {
  idUtente: number;
  /** True when the visitor has no desk identity of its own: ownership is the gateway's record. */
  byRecord: boolean;
}

function deskIdentity(call: Call): DeskIdentity {
  const own = call.visitor.desk?.idUtente;
  if (own !== undefined && own !== call.config.anonymous.deskUser) return { idUtente: own, byRecord: false };
  if (!call.config.anonymous.grants.has('desk')) throw new Refused(403, MESSAGES.needsToken);
  return { idUtente: call.config.anonymous.deskUser, byRecord: true };
}

const rowsOf = (page: unknown): unknown[] => {
  const data = (page as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data : [];
};

/** The DatatableOutput with only the rows `keep` accepts; the counters follow what was removed. */
function keepRows(page: unknown, keep: (row: unknown) => boolean): unknown {
  const rows = rowsOf(page);
  const kept = rows.filter(keep);
  if (kept.length === rows.length) return page;
  const p = page as { recordsTotal?: unknown; recordsFiltered?: unknown };
  const removed = rows.length - kept.length;
  return {
    ...(page as object),
    data: kept,
    ...(typeof p.recordsTotal === 'number' ? { recordsTotal: p.recordsTotal - removed } : {}),
    ...(typeof p.recordsFiltered === 'number' ? { recordsFiltered: p.recordsFiltered - removed } : {}),
  };
}

const creatorOf = (detail: unknown): number | undefined => {
  const d = detail as { utenteCre?: { idUtente?: unknown }; idUtente?: unknown; idUtenteCre?: unknown } | undefined;
  const v = d?.utenteCre?.idUtente ?? d?.idUtenteCre ?? d?.idUtente;
  return typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
};

/** True when the visitor created request `id` (its detail already read, or read now). */
async function owns(call: Call, id: number, detail?: unknown): Promise<boolean> {
  const who = deskIdentity(call);
  if (who.byRecord) return (await call.gw.store.owner('desk', String(id))) === call.visitor.id;
  if (detail === undefined) {
    const answer = await call.upstreamJson({
      path: `/richieste/${id}`,
      query: new URLSearchParams({ viewAsCustomer: 'true' }),
      passHeaders: false,
    });
    if (answer.status !== 200) return false;
    detail = answer.body;
  }
  return creatorOf(detail) === who.idUtente;
}

async function requireOwn(call: Call, id: number): Promise<void> {
  if (!(await owns(call, id))) throw new Refused(404, MESSAGES.notFound);
}

/** Remembers a request an anonymous visitor created (from a creation or reopening answer). */
async function recordCreated(call: Call, body: unknown): Promise<void> {
  const id = (body as { idRichiesta?: unknown } | undefined)?.idRichiesta;
  if (deskIdentity(call).byRecord && (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)))) {
    await call.gw.store.setOwner('desk', String(id), call.visitor.id, OWNERSHIP_TTL_S);
  }
}

async function requireOwnUpload(call: Call, idUpload: unknown): Promise<void> {
  if (idUpload === undefined || idUpload === null || idUpload === '') return;
  if (typeof idUpload !== 'string' || (await call.gw.store.owner('upload', idUpload)) !== call.visitor.id)
    throw new Refused(404, MESSAGES.notFound);
}

/** A lookup the form makes while filling in (catalogue data, no personal data): passed as is. */
const lookup = (path: string): AllowedRoute => ({
  service: 'desk',
  method: 'GET',
  path,
  access: 'visitor',
  handle: (call) => call.forward(path),
});

export const deskRoutes: AllowedRoute[] = [
  lookup('/richieste/attributi-aggiuntivi'),
  lookup('/richieste/info-terna'),
  lookup('/richieste/scadenza-priorita'),
  // The simulator's catalogue for `catalog-src` (not a service path; harmless, read-only).
  {
    service: 'desk',
    method: 'GET',
    path: '/__catalog.json',
    access: 'public',
    handle: (call) => call.forward('/__catalog.json', { query: undefined }),
  },

  {
    service: 'desk',
    method: 'POST',
    path: '/richieste/creazione-richiesta',
    access: 'visitor',
    async handle(call) {
      const who = deskIdentity(call);
      const body = await call.jsonObject();
      await requireOwnUpload(call, body.idUpload);
      // An anonymous visitor's request is theirs only once recorded.
      if (who.byRecord) await call.requireStore();
      const answer = await call.upstreamJson({
        method: 'POST',
        path: '/richieste/creazione-richiesta',
        json: { ...body, idUtente: who.idUtente },
      });
      if (answer.status < 300) await recordCreated(call, answer.body);
      return call.sendJson(answer);
    },
  },
  {
    service: 'desk',
    method: 'GET',
    path: '/richieste/{idRichiesta}',
    access: 'visitor',
    async handle(call) {
      const id = call.id('idRichiesta');
      const query = call.query();
      // The customer's view only: the operators' view carries internal ticket detail.
      query.set('viewAsCustomer', 'true');
      const answer = await call.upstreamJson({ path: `/richieste/${id}`, query });
      if (answer.status !== 200) return call.sendJson(answer);
      if (!(await owns(call, id, answer.body))) throw new Refused(404, MESSAGES.notFound);
      return call.sendJson(answer);
    },
  },
  {
    service: 'desk',
    method: 'GET',
    path: '/richieste/commenti/{idRichiesta}',
    access: 'visitor',
    async handle(call) {
      const id = call.id('idRichiesta');
      await requireOwn(call, id);
      return call.forward(`/richieste/commenti/${id}`, { query: undefined });
    },
  },
  {
    service: 'desk',
    method: 'POST',
    path: '/richieste/{idRichiesta}/commento-cliente',
    access: 'visitor',
    async handle(call) {
      const id = call.id('idRichiesta');
      const body = await call.jsonObject();
      await requireOwn(call, id);
      await requireOwnUpload(call, body.idUpload);
      // A customer comment (a reminder is one with `sollecito`); internal notes are not the customer's.
      delete body.noteInterne;
      return call.sendJson(
        await call.upstreamJson({ method: 'POST', path: `/richieste/${id}/commento-cliente`, json: body }),
      );
    },
  },
  {
    service: 'desk',
    method: 'POST',
    path: '/richieste/riapertura-richiesta-note/{idRichiesta}',
    access: 'visitor',
    async handle(call) {
      const id = call.id('idRichiesta');
      const body = await call.jsonObject();
      await requireOwn(call, id);
      const answer = await call.upstreamJson({
        method: 'POST',
        path: `/richieste/riapertura-richiesta-note/${id}`,
        json: { ...body, idUtente: deskIdentity(call).idUtente },
      });
      if (answer.status < 300) await recordCreated(call, answer.body);
      return call.sendJson(answer);
    },
  },
  {
    service: 'desk',
    method: 'POST',
    path: '/richieste/valutazione-richiesta',
    access: 'visitor',
    async handle(call) {
      const body = await call.jsonObject();
      const id = Number(body.idRichiesta);
      if (!Number.isSafeInteger(id) || id <= 0 || !(await owns(call, id))) throw new Refused(404, MESSAGES.notFound);
      return call.sendJson(
        await call.upstreamJson({
          method: 'POST',
          path: '/richieste/valutazione-richiesta',
          json: { ...body, idUtente: deskIdentity(call).idUtente },
        }),
      );
    },
  },
  {
    service: 'desk',
    method: 'GET',
    path: '/richieste/lista-richieste-cliente-paginated',
    access: 'visitor',
    async handle(call) {
      const who = deskIdentity(call);
      const query = call.query();
      // "My requests": the service is asked for this visitor's idUtente only, whatever the page sent.
      query.set('idUtente', String(who.idUtente));
      if (!who.byRecord) {
        const answer = await call.upstreamJson({ path: '/richieste/lista-richieste-cliente-paginated', query });
        if (answer.status !== 200) return call.sendJson(answer);
        // Belt and braces: a row that names another creator never leaves the gateway.
        return call.sendJson(
          answer,
          keepRows(answer.body, (row) => {
            const creator = creatorOf(row);
            return creator === undefined || creator === who.idUtente;
          }),
        );
      }
      // Anonymous visitors share one idUtente: the gateway's records say which rows are this
      // visitor's. The latest 100 are read and paged here (DataTables `start` / `length`).
      const start = Math.max(0, Number(query.get('start') ?? 0) || 0);
      const length = Math.min(100, Math.max(1, Number(query.get('length') ?? 10) || 10));
      query.set('start', '0');
      query.set('length', '100');
      const answer = await call.upstreamJson({ path: '/richieste/lista-richieste-cliente-paginated', query });
      if (answer.status !== 200) return call.sendJson(answer);
      const rows = rowsOf(answer.body);
      const mine: unknown[] = [];
      for (const row of rows) {
        const id = (row as { idRichiesta?: unknown }).idRichiesta;
        if ((await call.gw.store.owner('desk', String(id))) === call.visitor.id) mine.push(row);
      }
      return call.sendJson(answer, {
        ...(answer.body as object),
        data: mine.slice(start, start + length),
        recordsTotal: mine.length,
        recordsFiltered: mine.length,
      });
    },
  },
  {
    // The simulator's download of a request's attachment (no download path is in the spec).
    service: 'desk',
    method: 'GET',
    path: '/richieste/{idRichiesta}/allegati/{nomeFile}',
    access: 'visitor',
    async handle(call) {
      const id = call.id('idRichiesta');
      const name = call.param('nomeFile');
      if (!name || name.length > 255) throw new Refused(404, MESSAGES.notFound);
      await requireOwn(call, id);
      return call.forward(`/richieste/${id}/allegati/${encodeURIComponent(name)}`, { query: undefined });
    },
  },
  {
    service: 'desk',
    method: 'GET',
    path: '/richieste/upload-id',
    access: 'visitor',
    async handle(call) {
      deskIdentity(call);
      const answer = await call.upstreamJson({ path: '/richieste/upload-id', passHeaders: false });
      const id = (answer.body as { idUpload?: unknown } | undefined)?.idUpload;
      if (answer.status === 200 && typeof id === 'string')
        await call.gw.store.setOwner('upload', id, call.visitor.id, UPLOAD_TTL_S);
      return call.sendJson(answer);
    },
  },
  {
    service: 'desk',
    method: 'POST',
    path: '/richieste/upload/{idUpload}',
    access: 'visitor',
    async handle(call) {
      const idUpload = call.param('idUpload');
      if (!/^[\w-]{1,100}$/.test(idUpload)) throw new Refused(404, MESSAGES.notFound);
      call.holdUploadSlot();
      await requireOwnUpload(call, idUpload);
      return call.forward(`/richieste/upload/${idUpload}`, {
        query: undefined,
        body: call.cappedStream(),
        upload: true,
      });
    },
  },
];
