import type { IncomingHttpHeaders } from 'node:http';
import busboy from 'busboy';

/**
 * busboy for a simulator's upload, set as the browsers send. HTML's multipart/form-data encoding
 * writes a file's name as raw UTF-8 in `filename="…"`, while busboy reads such a parameter as
 * Latin-1 unless told (`defParamCharset`): "Größe.txt" came back as "GrÃ¶Ãe.txt". Throws, as
 * busboy does, on a body that is not multipart.
 */
export function multipartParser(headers: IncomingHttpHeaders, limits: busboy.Limits): busboy.Busboy {
  return busboy({ headers, limits, defParamCharset: 'utf8' });
}
