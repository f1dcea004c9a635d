/**
 * The gateway run as a process of its own, as an operator runs it: what it printed, the address it
 * says it listens on, and how it ended. The node and integration suites start it this way.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface GatewayProcess {
  child: ChildProcess;
  /** Everything it printed so far, standard output and error together. */
  out(): string;
  exited: Promise<number | null>;
  /** The URL from its "listening on" line, as soon as it prints it; undefined if it exits first. */
  listening: Promise<string | undefined>;
}

/** The whole line (a chunk may end inside it), so what follows the URL on it has arrived too. */
const LISTENING = /Sportello gateway listening on (http:\/\/\S+)[^\n]*\n/;

export function startGatewayProcess(
  command: string,
  args: readonly string[],
  options: { env: Record<string, string | undefined>; cwd?: string },
): GatewayProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<string | undefined>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const url = LISTENING.exec(out)?.[1];
      if (url) resolve(url);
    });
    void exited.then(() => resolve(undefined));
  });
  child.stderr!.on('data', (d: Buffer) => (out += d));
  return { child, out: () => out, exited, listening };
}

/** Waits for the process to exit, or says it did not within a generous bound (a hang reads as a message). */
export const exitOf = (ran: GatewayProcess): Promise<number | null | string> =>
  Promise.race([ran.exited, new Promise<string>((r) => setTimeout(() => r('still running after 60 s'), 60_000))]);
