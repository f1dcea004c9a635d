/**
 * The viewer's attributes read as what to show: which of its two modes (a practice by `id-file`, or
 * link-only), whether the attributes make sense (the words of the console warning), and the
 * documents to offer. Pure: no element, no network.
 */
import type { PracticeDetail } from '../../../src/services/sign.js';
import type { DocumentSource } from '../../../src/controllers/sign/document-controller.js';

export interface ViewerInputs {
  idFile?: string | undefined;
  signingUrl?: string | undefined;
  documentSrc?: string | undefined;
  endpoint?: string | undefined;
}

/** Link-only mode: no practice, only a signing link and the documents' URLs. */
export function isLinkOnly(i: ViewerInputs): boolean {
  return !i.idFile && !!(i.signingUrl || i.documentSrc);
}

/** The link-only documents' URLs (`document-src`, separated by spaces). */
export function documentUrls(documentSrc: string | undefined): string[] {
  return (documentSrc ?? '').split(/\s+/).filter(Boolean);
}

/** What is wrong with the attributes, for the console (the element shows its own words), or undefined. */
export function inputProblem(i: ViewerInputs): string | undefined {
  const url = (v: string) => /^https?:\/\//i.test(v) || v.startsWith('/');
  if (i.idFile) {
    if (!/^\d+$/.test(i.idFile.trim()) || Number(i.idFile) <= 0)
      return `id-file must be a positive number, got "${i.idFile}".`;
    if (!i.endpoint) return 'id-file needs an endpoint (the signing service or your proxy).';
    return undefined;
  }
  if (i.signingUrl || i.documentSrc) {
    if (i.signingUrl && !/^https?:\/\//i.test(i.signingUrl))
      return `signing-url must be an http(s) URL, got "${i.signingUrl}".`;
    const bad = documentUrls(i.documentSrc).find((u) => !url(u));
    if (bad) return `document-src holds something that is not a URL: "${bad}".`;
    return undefined;
  }
  return 'give it an id-file (with credentials or a proxy endpoint), or a signing-url with document-src.';
}

/** The documents to offer: the practice's, or the link-only URLs named by their last path segment. */
export function documentSources(
  i: ViewerInputs,
  practice: Pick<PracticeDetail, 'documents'> | undefined,
  untitled: (index: number) => string,
): DocumentSource[] {
  if (isLinkOnly(i)) {
    return documentUrls(i.documentSrc).map((url, index) => {
      const last = decodeURIComponent(new URL(url, document.baseURI).pathname.split('/').filter(Boolean).pop() ?? '');
      return { kind: 'url', url, filename: last || untitled(index), index };
    });
  }
  if (!practice) return [];
  return practice.documents.map((d, i) => ({
    kind: 'service',
    idDocument: d.idDocument,
    filename: d.filename,
    index: d.order ?? i,
  }));
}
