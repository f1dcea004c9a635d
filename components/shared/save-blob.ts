/**
 * Saves a file the element made or fetched under its name: an object URL on a temporary `download`
 * link inside the element's own root (no page-level DOM, nothing written as HTML), revoked once the
 * browser has it. A download is no image or script load: the strict CSP lets it through.
 */
export function saveBlob(blob: Blob, name: string, root: HTMLElement | DocumentFragment): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  root.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
