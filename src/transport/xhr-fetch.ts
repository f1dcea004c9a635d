/**
 * fetch() for the one case it cannot serve: upload progress. HttpClient sends a request that has an
 * `onUploadProgress` through it; it answers with a real Response, and fails as fetch() does (a
 * TypeError for the network, the signal's reason for an abort). UI-free.
 */

function parseXhrHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      try {
        headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      } catch {
        // a header name the Headers class refuses: not one we read
      }
    }
  }
  return headers;
}

/** fetch() with upload progress, through XMLHttpRequest. */
export function xhrFetch(
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: BodyInit | null;
    signal: AbortSignal;
    onUploadProgress: (loaded: number, total: number) => void;
  },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => init.onUploadProgress(event.loaded, event.lengthComputable ? event.total : 0);
    const onAbort = () => xhr.abort();
    init.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => init.signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const nullBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      try {
        resolve(
          new Response(nullBody ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseXhrHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      } catch (error) {
        reject(new TypeError(`Unusable response (status ${xhr.status})`, { cause: error }));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(init.signal.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (init.signal.aborted) {
      onAbort();
      return;
    }
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}
