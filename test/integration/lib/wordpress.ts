/**
 * A real WordPress for the plugin's test, from Debian's packages (`wordpress`, `php-cli`,
 * `php-mysql`, `mariadb-server`; `.ci/run` installs them), started in a scratch folder and stopped
 * after: nothing under /etc or /var is written, no system service is started.
 *
 * - MariaDB: a data directory of its own, on a Unix socket only (`--skip-networking`).
 * - WordPress: Debian's /usr/share/wordpress copied beside it with a wp-config.php of our own
 *   (Debian's reads /etc/wordpress/config-<host>.php, a host-wide file).
 * - Served by PHP's built-in server (`php -S`) on loopback with a few workers: no Apache or nginx
 *   site to configure and enable as root, a port of our choosing, gone when the test ends.
 *   Permalinks stay plain (`?p=1`, `?rest_route=`), which the built-in server needs no rewrites for.
 *
 * A missing package is an error, never a skip: CI installs them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { run } from './harness.js';

const WORDPRESS = '/usr/share/wordpress';

export interface WordPress {
  url: string;
  dir: string;
  /** Runs PHP with WordPress loaded (`$code` after wp-load.php); resolves with its output. */
  php(code: string): Promise<string>;
  debugLog(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `check` does, polling; rejects after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function requirePackages(): void {
  const missing = [
    ['/usr/share/wordpress/wp-settings.php', 'wordpress'],
    ['/usr/bin/php', 'php-cli'],
    ['/usr/bin/mariadb-install-db', 'mariadb-server'],
    ['/usr/sbin/mariadbd', 'mariadb-server'],
    ['/usr/share/wordpress/wp-content/themes/twentytwentyone/style.css', 'wordpress-theme-twentytwentyone'],
  ].filter(([path]) => !existsSync(path!));
  if (missing.length) {
    throw new Error(
      `WordPress test: install Debian's ${[...new Set(missing.map(([, p]) => p))].join(', ')} (.ci/run does)`,
    );
  }
}

/**
 * Stops a child we started. `group`: it was spawned detached, as the leader of its own process
 * group, and the whole group goes (PHP's built-in server forks its workers, which outlive a
 * SIGTERM to the parent alone).
 */
function stopChild(child: ChildProcess | undefined, group = false): Promise<void> {
  if (!child || child.pid === undefined) return Promise.resolve();
  const running = child.exitCode === null && child.signalCode === null;
  const exited = running ? new Promise<void>((resolve) => child.once('exit', () => resolve())) : Promise.resolve();
  try {
    if (group) process.kill(-child.pid, 'SIGTERM');
    else if (running) child.kill('SIGTERM');
  } catch {
    // already gone
  }
  return exited;
}

/**
 * A fresh site in `work`: database, WordPress installed (admin / `adminPassword`), the plugin
 * folder `pluginDir` copied in as `sportello` and activated, Twenty Twenty-One as the theme.
 */
export async function startWordPress(work: string, pluginDir: string, adminPassword: string): Promise<WordPress> {
  requirePackages();
  const me = (await run('id', ['-un'])).trim();
  const dataDir = join(work, 'db');
  const socket = join(work, 'db.sock');
  const site = join(work, 'wordpress');
  const log = join(work, 'php-debug.log');
  let db: ChildProcess | undefined;
  let server: ChildProcess | undefined;
  const children: ChildProcess[] = [];
  try {
    // 1. MariaDB of our own.
    mkdirSync(dataDir, { recursive: true });
    await run(
      'mariadb-install-db',
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--user=${me}`,
        '--auth-root-authentication-method=socket',
        '--skip-test-db',
      ],
      { cwd: work },
    );
    db = spawn(
      '/usr/sbin/mariadbd',
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--socket=${socket}`,
        '--skip-networking',
        `--user=${me}`,
        `--pid-file=${join(work, 'db.pid')}`,
        `--log-error=${join(work, 'db.err')}`,
      ],
      { stdio: 'ignore' },
    );
    children.push(db);
    await until(() => existsSync(socket), 'MariaDB to open its socket');
    await until(async () => {
      try {
        await run('mariadb', [
          '--no-defaults',
          '-S',
          socket,
          '-u',
          me,
          '-e',
          'CREATE DATABASE IF NOT EXISTS wordpress',
        ]);
        return true;
      } catch {
        return false;
      }
    }, 'MariaDB to accept a connection');

    // 2. WordPress with our own config.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    cpSync(WORDPRESS, site, { recursive: true, dereference: false, verbatimSymlinks: true });
    cpSync(pluginDir, join(site, 'wp-content/plugins/sportello'), { recursive: true });
    const salt = () => randomBytes(32).toString('hex');
    const keys = [
      'AUTH_KEY',
      'SECURE_AUTH_KEY',
      'LOGGED_IN_KEY',
      'NONCE_KEY',
      'AUTH_SALT',
      'SECURE_AUTH_SALT',
      'LOGGED_IN_SALT',
      'NONCE_SALT',
    ];
    writeFileSync(
      join(site, 'wp-config.php'),
      `<?php
// The test site's configuration (Debian's own wp-config.php reads a host-wide file under /etc).
define('DB_NAME', 'wordpress');
define('DB_USER', ${JSON.stringify(me)});
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${socket}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${keys.map((k) => `define('${k}', '${salt()}');`).join('\n')}
$table_prefix = 'wp_';
define('WP_HOME', '${url}');
define('WP_SITEURL', '${url}');
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', false);
define('WP_DEBUG_LOG', '${log}');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_AUTO_UPDATE_CORE', false);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );

    const php = async (code: string) => {
      const script = join(work, `php-${randomBytes(4).toString('hex')}.php`);
      writeFileSync(
        script,
        `<?php\n$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';\n$_SERVER['REQUEST_URI'] = '/';\n${code}\n`,
      );
      return run('php', [script], { cwd: site });
    };

    // 3. Installed, plugin activated, theme chosen.
    await php(`define('WP_INSTALLING', true);
require '${site}/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
$result = wp_install('Sportello test site', 'admin', 'admin@example.com', true, '', ${JSON.stringify(adminPassword)});
if (empty($result['user_id'])) { fwrite(STDERR, "install failed\\n"); exit(1); }`);
    await php(`require '${site}/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
$activated = activate_plugin('sportello/sportello.php');
if (is_wp_error($activated)) { fwrite(STDERR, $activated->get_error_message()); exit(1); }
switch_theme('twentytwentyone');
if (!is_plugin_active('sportello/sportello.php')) { fwrite(STDERR, "not active\\n"); exit(1); }`);

    // 4. Served.
    server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', site], {
      cwd: site,
      stdio: 'ignore',
      detached: true,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    });

    children.push(server);
    await until(async () => {
      try {
        return (await fetch(`${url}/wp-login.php`)).ok;
      } catch {
        return false;
      }
    }, 'WordPress to answer');

    return {
      url,
      dir: site,
      php: (code) => php(`require '${site}/wp-load.php';\n${code}`),
      debugLog: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
      stop: async () => {
        await stopChild(server, true);
        await stopChild(db);
      },
    };
  } catch (error) {
    for (const child of children.reverse()) await stopChild(child, child === server);
    throw error;
  }
}
