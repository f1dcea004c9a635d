/**
 * The help-desk form's draft in localStorage: what the user typed, the attachments already on the
 * server (they share one `idUpload`) and the idempotency key of a submission whose outcome is
 * unknown, so that a reload after a network failure neither loses text nor creates a second request.
 */
import { emptyValues, type FormValues } from '../model/desk/form-model.js';

export interface DraftAttachment {
  name: string;
  size: number;
}

export interface Draft {
  values: FormValues;
  idUpload?: string | undefined;
  attachments: DraftAttachment[];
  /** Set while a submission may have reached the server without us learning the answer. */
  pendingKey?: string | undefined;
  savedAt: number;
}

const VERSION = 1;
const PREFIX = 'sportello-desk-draft:';

/** Storage may be missing or throw (private mode, quota, sandboxed iframe): drafts are best effort. */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function draftStorageKey(key: string): string {
  return PREFIX + key;
}

export function saveDraft(key: string, draft: Omit<Draft, 'savedAt'>): void {
  try {
    storage()?.setItem(draftStorageKey(key), JSON.stringify({ v: VERSION, ...draft, savedAt: Date.now() }));
  } catch {
    // Quota or disabled storage: the form keeps working without a draft.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(draftStorageKey(key));
  } catch {
    /* best effort */
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a draft back, keeping only well-typed fields of a known version; anything else is ignored. */
export function loadDraft(key: string): Draft | undefined {
  let parsed: unknown;
  try {
    const text = storage()?.getItem(draftStorageKey(key));
    if (!text) return undefined;
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed['v'] !== VERSION || !isRecord(parsed['values'])) return undefined;
  const values = emptyValues();
  const raw = parsed['values'];
  for (const field of Object.keys(values) as Array<keyof FormValues>) {
    if (field === 'extra') continue;
    if (typeof raw[field] === 'string') (values[field] as string) = raw[field] as string;
  }
  if (isRecord(raw['extra'])) {
    for (const [k, v] of Object.entries(raw['extra']))
      if (typeof v === 'string' || typeof v === 'boolean') values.extra[k] = v;
  }
  const attachments = Array.isArray(parsed['attachments'])
    ? parsed['attachments'].filter(
        (a): a is DraftAttachment => isRecord(a) && typeof a['name'] === 'string' && typeof a['size'] === 'number',
      )
    : [];
  return {
    values,
    idUpload: typeof parsed['idUpload'] === 'string' ? parsed['idUpload'] : undefined,
    attachments,
    pendingKey: typeof parsed['pendingKey'] === 'string' ? parsed['pendingKey'] : undefined,
    savedAt: typeof parsed['savedAt'] === 'number' ? parsed['savedAt'] : 0,
  };
}

/** True when the user has typed anything worth keeping. */
export function hasContent(values: FormValues, attachments: readonly unknown[]): boolean {
  const blank = emptyValues();
  return (
    attachments.length > 0 ||
    (Object.keys(blank) as Array<keyof FormValues>).some(
      (f) => f !== 'extra' && f !== 'codiceCanale' && values[f] !== blank[f],
    ) ||
    Object.values(values.extra).some((v) => v !== '' && v !== false)
  );
}
