import type { IncomingMessage } from 'node:http';
import type busboy from 'busboy';
import { multipartParser } from './multipart-parser.js';

/** One uploaded file of a `multipart/form-data` body. */
export interface MultipartFile {
  field: string;
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export class MultipartError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a multipart body with busboy (shared by the signing, desk and AI simulators). A file over
 * `maxFileBytes` is a 413; a body that is not multipart is a 400.
 */
export function readMultipart(req: IncomingMessage, maxFileBytes: number): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = multipartParser(req.headers, { fileSize: maxFileBytes, files: 5, fields: 50 });
    } catch (error) {
      reject(new MultipartError(400, `Expected a multipart/form-data body (${(error as Error).message})`));
      return;
    }
    const body: MultipartBody = { fields: {}, files: [] };
    let failed: MultipartError | undefined;
    parser.on('field', (name, value) => (body.fields[name] = value));
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on(
        'limit',
        () => (failed = new MultipartError(413, `File ${info.filename} exceeds ${maxFileBytes} bytes`)),
      );
      stream.on('close', () =>
        body.files.push({
          field,
          filename: info.filename ?? 'file',
          mimeType: info.mimeType,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    parser.on('error', (error: Error) => reject(new MultipartError(400, `Malformed multipart body: ${error.message}`)));
    parser.on('close', () => (failed ? reject(failed) : resolve(body)));
    req.pipe(parser);
  });
}
