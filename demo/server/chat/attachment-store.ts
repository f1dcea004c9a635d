/**
 * Uploaded chat attachments, kept in memory. The declared content type must be on the allow-list
 * and agree with the file's first bytes, so `/image` can only ever serve a real raster image (never
 * SVG or HTML) and `/download` always sends `Content-Disposition: attachment`.
 */
import { randomUUID } from 'node:crypto';
import { ATTACHMENT_LIMITS } from './seed.js';

export interface StoredAttachment {
  uuid: string;
  name: string;
  size: number;
  contentType: string;
  uploadedAt: string;
  /** Optional owner given at upload; deleting then requires the same visitor id. */
  visitorId: string | null;
  data: Buffer;
}

const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Content type recognised from magic bytes, for the types we accept. */
export function sniff(data: Buffer): string | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

/** Why a file is refused (`type-not-allowed`, `type-mismatch`, `too-large`, `empty`), or null. */
export function checkUpload(contentType: string, data: Buffer): string | null {
  if (data.length === 0) return 'empty';
  if (data.length > ATTACHMENT_LIMITS.maxBytes) return 'too-large';
  if (!ATTACHMENT_LIMITS.contentTypes.includes(contentType)) return 'type-not-allowed';
  const sniffed = sniff(data);
  if (contentType === 'text/plain') {
    // Text must be text: no NULs and nothing a browser would sniff as markup.
    if (
      sniffed ||
      data.includes(0) ||
      /^\s*<(!doctype|html|svg|script|\?xml)/i.test(data.subarray(0, 256).toString('utf8'))
    )
      return 'type-mismatch';
    return null;
  }
  return sniffed === contentType ? null : 'type-mismatch';
}

export function isRasterImage(contentType: string): boolean {
  return RASTER.has(contentType);
}

/** A file name safe to store and to put in a header: no path, no control characters, bounded. */
export function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

export class AttachmentStore {
  private files = new Map<string, StoredAttachment>();

  add(name: string, contentType: string, data: Buffer, visitorId: string | null): StoredAttachment {
    const file: StoredAttachment = {
      uuid: randomUUID(),
      name: cleanName(name),
      size: data.length,
      contentType,
      uploadedAt: new Date().toISOString(),
      visitorId,
      data,
    };
    this.files.set(file.uuid, file);
    return file;
  }

  get(uuid: string): StoredAttachment | undefined {
    return this.files.get(uuid);
  }

  delete(uuid: string): boolean {
    return this.files.delete(uuid);
  }

  /** The files held now, described (test observability: a file taken back must be gone). */
  list() {
    return [...this.files.values()].map(describeFile);
  }

  reset(): void {
    this.files.clear();
  }
}

/** The public description of a file (upload answer, info, message attachments). */
export function describeFile(file: StoredAttachment) {
  return { uuid: file.uuid, name: file.name, size: file.size, contentType: file.contentType };
}
