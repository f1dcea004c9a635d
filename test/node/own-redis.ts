/**
 * A redis-server of a test's own, on a free port, that the test may kill and restart (the shared
 * one that test/setup/redis.mjs starts is never touched). No persistence: a restart starts empty,
 * as a Redis without a volume does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

export class OwnRedis {
  private port = 0;
  private child: ChildProcess | undefined;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** A port the OS gives now; nothing listens on it until `start`. */
  async reservePort(): Promise<void> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
  }

  /** Starts redis-server on the reserved port and waits until it accepts connections. */
  async start(): Promise<void> {
    if (this.child && this.child.exitCode === null) return;
    if (!this.port) await this.reservePort();
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`redis-server on ${this.port} exited with ${code}`))),
    );
    exited.catch(() => undefined);
    while (!(await portOpen(this.port))) {
      await Promise.race([new Promise((r) => setTimeout(r, 50)), exited]);
    }
  }

  /** Kills it at once (SIGKILL: no goodbye to its clients), as a crash would. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  async stop(): Promise<void> {
    await this.kill();
  }
}
