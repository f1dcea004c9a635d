/**
 * The name a file is sent under to the help desk. The spec gives `nomeAllegati` no rules, but a
 * name travels twice and both must agree for the service to find the file: in the upload's
 * multipart header, where browsers write `"`, CR and LF as `%22`, `%0D`, `%0A` (HTML's
 * multipart/form-data encoding) and servers undo that, or not, each their own way; and in the
 * message's JSON, as typed. So the kit sends every file under a name that reads the same on both
 * ways and on any file system: what Windows refuses in a name (`"<>:/\|?*`), `%` and control
 * characters become `_`, and the name is in Unicode's composed form (a Mac hands out decomposed
 * accents). Letters of any script, digits, spaces and the rest stay as they are.
 */
const UNSAFE = /[\p{Cc}"<>:/\\|?*%]/gu;
/** Longest name sent (the usual file-system limit is 255 bytes; a name of non-Latin letters takes more). */
const MAX_CHARS = 120;

export function portableFileName(name: string): string {
  const cleaned = name.normalize('NFC').replace(UNSAFE, '_').trim();
  // Windows also drops trailing dots and spaces; a name of dots alone is no name.
  const trimmed = shorten(cleaned).replace(/[. ]+$/u, '');
  return trimmed && !/^\.+$/u.test(trimmed) ? trimmed : 'file';
}

/** At most MAX_CHARS characters (code points), the extension kept. */
function shorten(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_CHARS) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return chars.slice(0, MAX_CHARS - Array.from(extension).length).join('') + extension;
}
