/**
 * Readers of the help-desk service's answers. Where the spec says "not shown" (attribute, SLA and
 * comment shapes, the error body, the list's rows) they accept the simulator's documented shapes
 * and the obvious Italian/English alternatives, so that a real server that differs in naming
 * still renders. Pure: no I/O.
 */
import type {
  AttributeType,
  DeskComment,
  DuePreview,
  ExtraAttribute,
  ExtraSection,
  NamedRef,
  RequestPage,
  RequestRow,
  ServerFieldError,
  TripleInfo,
} from './desk-types.js';

export type Raw = Record<string, unknown>;
export const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
export const pick = (raw: Raw, keys: string[]): unknown =>
  keys.map((k) => raw[k]).find((v) => v !== undefined && v !== null);
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
export const bool = (v: unknown): boolean => v === true || v === 'true' || v === 'S' || v === 1 || v === 'Y';

const TYPE_ALIASES: Record<string, AttributeType> = {
  text: 'text',
  string: 'text',
  testo: 'text',
  stringa: 'text',
  textarea: 'textarea',
  testolungo: 'textarea',
  longtext: 'textarea',
  memo: 'textarea',
  number: 'number',
  numero: 'number',
  decimal: 'number',
  decimale: 'number',
  double: 'number',
  integer: 'integer',
  intero: 'integer',
  int: 'integer',
  long: 'integer',
  date: 'date',
  data: 'date',
  datetime: 'datetime',
  dataora: 'datetime',
  timestamp: 'datetime',
  boolean: 'boolean',
  booleano: 'boolean',
  checkbox: 'boolean',
  flag: 'boolean',
  bool: 'boolean',
  select: 'select',
  list: 'select',
  lista: 'select',
  combo: 'select',
  enum: 'select',
  scelta: 'select',
  email: 'email',
  mail: 'email',
};

function readAttribute(raw: unknown, index: number): ExtraAttribute | undefined {
  if (!isRecord(raw)) return undefined;
  const id = num(pick(raw, ['idAttributo', 'id']));
  const code = str(pick(raw, ['codAttributo', 'codice', 'code']));
  const label = str(pick(raw, ['nome', 'label', 'etichetta', 'descrizione', 'name'])) ?? code ?? `#${index + 1}`;
  const rawOptions = pick(raw, ['opzioni', 'valori', 'options', 'valoriAmmessi']);
  const options = Array.isArray(rawOptions)
    ? rawOptions
        .map((o) =>
          isRecord(o)
            ? {
                value: str(pick(o, ['valore', 'value', 'codice', 'id'])) ?? '',
                label: str(pick(o, ['etichetta', 'label', 'nome', 'descrizione', 'valore', 'value'])) ?? '',
              }
            : { value: str(o) ?? '', label: str(o) ?? '' },
        )
        .filter((o) => o.value !== '')
    : [];
  const typeName = (str(pick(raw, ['tipo', 'tipoAttributo', 'type'])) ?? (options.length ? 'select' : 'text'))
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  const type = TYPE_ALIASES[typeName] ?? (options.length ? 'select' : 'text');
  const defaultRaw = pick(raw, ['valoreDefault', 'default', 'defaultValue']);
  return {
    key: id !== undefined ? `id:${id}` : `code:${code ?? index}`,
    id,
    code,
    label,
    type,
    required: bool(pick(raw, ['obbligatorio', 'required', 'flagObbligatorio'])),
    options,
    maxLength: num(pick(raw, ['lunghezzaMax', 'maxLength', 'maxLunghezza'])),
    min: num(pick(raw, ['min', 'valoreMin'])),
    max: num(pick(raw, ['max', 'valoreMax'])),
    pattern: str(pick(raw, ['pattern', 'regex', 'formato'])),
    help: str(pick(raw, ['aiuto', 'help', 'suggerimento', 'hint'])),
    defaultValue: type === 'boolean' ? (defaultRaw === undefined ? undefined : bool(defaultRaw)) : str(defaultRaw),
  };
}

/** Reads `/richieste/attributi-aggiuntivi`: a list of sections, or `{ sezioni: [...] }`. */
export function readSections(body: unknown): ExtraSection[] {
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? pick(body, ['sezioni', 'listaSezioni', 'sections', 'data'])
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((raw, i): ExtraSection => {
    const id = num(pick(raw, ['idSezione', 'id']));
    const code = str(pick(raw, ['codSezione', 'codice', 'code']));
    const attrs = pick(raw, ['attributi', 'listaAttributi', 'attributes']);
    return {
      key: id !== undefined ? `id:${id}` : `code:${code ?? i}`,
      id,
      code,
      title: str(pick(raw, ['nome', 'titolo', 'title', 'descrizione'])) ?? code ?? `#${i + 1}`,
      description:
        str(pick(raw, ['descrizione', 'description'])) !== str(pick(raw, ['nome', 'titolo', 'title']))
          ? str(pick(raw, ['descrizione', 'description']))
          : undefined,
      attributes: Array.isArray(attrs) ? attrs.map(readAttribute).filter((a): a is ExtraAttribute => !!a) : [],
    };
  });
}

export function readRef(v: unknown): NamedRef | undefined {
  if (!isRecord(v)) return undefined;
  const ref: NamedRef = {};
  const id = num(v['id']);
  if (id !== undefined) ref.id = id;
  const codice = str(pick(v, ['codice', 'code']));
  if (codice !== undefined) ref.codice = codice;
  const nome = str(pick(v, ['nome', 'name', 'descrizione']));
  if (nome !== undefined) ref.nome = nome;
  return ref;
}

export function readTripleInfo(body: unknown): TripleInfo {
  const raw = isRecord(body) ? body : {};
  const sla = isRecord(raw['sla']) ? raw['sla'] : raw;
  const notif = pick(raw, ['notifiche', 'notifications', 'criteriNotifica']);
  return {
    slaMinutes: num(
      pick(sla, ['minutiRisoluzione', 'slaMinuti', 'tempoRisoluzioneMinuti', 'resolutionMinutes', 'minuti']),
    ),
    takeInChargeMinutes: num(pick(sla, ['minutiPresaInCarico', 'tempoPresaInCaricoMinuti', 'takeInChargeMinutes'])),
    slaName: str(pick(sla, ['nome', 'descrizione', 'calendario', 'name'])),
    workflow: str(pick(raw, ['workflow', 'nomeWorkflow'])) ?? str(readRef(raw['workflow'])?.nome),
    notifications: Array.isArray(notif)
      ? notif
          .map((n) => (isRecord(n) ? str(pick(n, ['descrizione', 'nome', 'destinatario'])) : str(n)))
          .filter((s): s is string => !!s)
      : undefined,
    priority: readRef(raw['priorita'] ?? raw['prioritaDefault']),
    raw,
  };
}

export function readDuePreview(body: unknown): DuePreview {
  const raw = isRecord(body) ? body : typeof body === 'string' ? { dataScadenza: body } : {};
  return {
    dataScadenza: str(pick(raw, ['dataScadenza', 'scadenza', 'dueDate'])),
    priority: readRef(raw['priorita']),
    raw,
  };
}

function personName(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (!isRecord(v)) return undefined;
  const full = [str(v['nome']), str(v['cognome'])].filter(Boolean).join(' ');
  return full || str(pick(v, ['username', 'matricola', 'name']));
}

export function readComments(body: unknown): DeskComment[] {
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? pick(body, ['commenti', 'data', 'content', 'items'])
      : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((raw, i): DeskComment => {
    const attachments = pick(raw, ['nomeAllegati', 'allegati', 'attachments']);
    return {
      id: str(pick(raw, ['idCommento', 'id'])) ?? `c${i}`,
      text: str(pick(raw, ['note', 'testo', 'commento', 'text'])) ?? '',
      author: personName(pick(raw, ['utente', 'autore', 'utenteIns', 'author'])) ?? '',
      origin: (str(pick(raw, ['tipo', 'origine', 'tipoCommento', 'origin'])) ?? '').toLowerCase(),
      date: str(pick(raw, ['dataIns', 'data', 'dataInserimento', 'ts', 'date'])),
      attachments: Array.isArray(attachments)
        ? attachments
            .map((a) => (isRecord(a) ? str(pick(a, ['nome', 'nomeFile', 'name'])) : str(a)))
            .filter((s): s is string => !!s)
        : [],
      reminder: bool(raw['sollecito']),
    };
  });
}

/** Per-field errors in a 400 body: `{ errors: [{ field, message }] }`, `{ fieldErrors: { f: msg } }`, ... */
export function readFieldErrors(body: unknown): ServerFieldError[] {
  if (!isRecord(body)) return [];
  const source = pick(body, ['fieldErrors', 'errors', 'errori', 'violations', 'campi', 'details', 'dettagli']);
  if (Array.isArray(source)) {
    return source
      .filter(isRecord)
      .map((e) => ({
        field: str(pick(e, ['field', 'campo', 'path', 'propertyPath', 'name'])) ?? '',
        message: str(pick(e, ['message', 'messaggio', 'defaultMessage', 'descrizione'])) ?? '',
        code: str(pick(e, ['code', 'codice', 'messageKey'])),
      }))
      .filter((e) => e.field);
  }
  if (isRecord(source)) {
    return Object.entries(source).map(([field, v]) => ({
      field,
      message: Array.isArray(v)
        ? v.map(String).join(' ')
        : isRecord(v)
          ? (str(pick(v, ['message', 'messaggio'])) ?? '')
          : String(v),
    }));
  }
  return [];
}

/** Reads DatatableOutput `{data, recordsTotal, recordsFiltered}` (or a Spring page `{content, totalElements}`). */
export function readRequestPage(body: unknown): RequestPage {
  const raw = isRecord(body) ? body : {};
  const list = Array.isArray(body) ? body : pick(raw, ['data', 'content', 'items']);
  const rows = (Array.isArray(list) ? list : []).filter(isRecord).flatMap((r): RequestRow[] => {
    const id = num(pick(r, ['idRichiesta', 'id']));
    if (id === undefined) return [];
    const ticket = Array.isArray(r['ticket']) ? (r['ticket'] as unknown[]).find(isRecord) : undefined;
    return [
      {
        idRichiesta: id,
        oggetto: str(r['oggetto']) ?? '',
        statoAvanz: str(r['statoAvanz']),
        statoRichiesta: str(r['statoRichiesta']),
        servizio: readRef(r['servizio']),
        tipoRichiesta: readRef(r['tipoRichiesta']),
        dataRichiesta: str(r['dataRichiesta']),
        dataScadenza: str(r['dataScadenza']),
        dataChiusura: str(r['dataChiusura']),
        protocolloTicket:
          str(pick(r, ['protocolloTicket', 'protocollo'])) ?? (ticket ? str(ticket['protocollo']) : undefined),
      },
    ];
  });
  const total = num(pick(raw, ['recordsTotal', 'totalElements', 'total'])) ?? rows.length;
  return { rows, total, filtered: num(pick(raw, ['recordsFiltered', 'totalElements'])) ?? total };
}
