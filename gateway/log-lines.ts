/**
 * Where the gateway's JSON log lines go by default: standard output, in batches. At info the
 * gateway writes a line per request, and pino's default destination writes each line with its own
 * system call — the largest cost of logging in the gateway's CPU profile. Lines wait here at most
 * `maxDelayMs` (or until `maxBytes` have gathered) and leave together, in order; whatever waits is
 * written when the process exits (close-with-grace ends with `process.exit`, an uncaught error
 * included). Only a process killed outright (SIGKILL) loses the last `maxDelayMs` of lines.
 */
export interface LineBatcher {
  write(line: string): void;
  /** Writes what waits now, and stops waiting for the process's exit (the gateway's close). */
  close(): void;
}

/** The batchers not closed yet: each writes what waits when the process exits. */
const open = new Set<() => void>();
let exitHooked = false;

export function batchedLines(
  out: { write(text: string): unknown } = process.stdout,
  { maxBytes = 16 * 1024, maxDelayMs = 200 } = {},
): LineBatcher {
  let pending: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  // After close a line leaves at once (a late one: the store closing, say).
  let closed = false;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    out.write(text);
  };
  open.add(flush);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const f of open) f();
    });
  }
  return {
    write(line) {
      if (closed) {
        out.write(line);
        return;
      }
      pending.push(line);
      size += line.length;
      if (size >= maxBytes) flush();
      // Unref'd: waiting lines never keep the process up (the exit hook writes them).
      else timer ??= setTimeout(flush, maxDelayMs).unref();
    },
    close() {
      closed = true;
      flush();
      open.delete(flush);
    },
  };
}
