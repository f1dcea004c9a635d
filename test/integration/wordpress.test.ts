/**
 * The WordPress plugin (integrations/wordpress/sportello) in a real WordPress from Debian's
 * packages, with the plugin's own copy of cdn/ built afresh, the Sportello gateway in front of the
 * simulator (its embedded mode), and Chromium as the site's administrator:
 * PHP linted; the settings saved through the real admin form (and refused without its nonce);
 * a post with the shortcodes where each element works through the gateway with the member's
 * visitor token minted by WordPress (the signing viewer only opens with the token's claims);
 * the composer's block for a member the profile allows to prepare practices, who sends one;
 * the site-wide launcher on other pages; a block rendered; attributes escaped; no PHP notice. The
 * signing viewer's shortcode asks for "About this document" (ask="yes"): its summary comes.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { ROOT, launchChromium, run } from './lib/harness.js';
import {
  exerciseAiChat,
  exerciseDeskForm,
  exerciseDeskRequests,
  exerciseLiveChat,
  exerciseSignComposer,
  exerciseSignViewer,
  recordEvents,
} from './lib/elements.js';
import { freePort, startWordPress, type WordPress } from './lib/wordpress.js';

const PLUGIN = join(ROOT, 'integrations/wordpress/sportello');

/** The few calls this test makes on the block editor's `wp` global. */
interface WpGlobal {
  blocks: { getBlockType(name: string): { title: string } | undefined; createBlock(name: string): unknown };
  data: { dispatch(store: string): { insertBlocks(block: unknown): void } };
}
/** The gateway's demo visitor secret (gateway/config.ts DEMO_VISITOR_SECRET), used in its embedded mode. */
const GATEWAY_SECRET = 'sportello-demo-visitor-secret-change-me-0123456789';
const ADMIN_PASSWORD = 'sportello-admin-password';
const shots = process.env.SPORTELLO_SHOTS_DIR;

const work = mkdtempSync(join(tmpdir(), 'sportello-wp-'));
let wp: WordPress;
let gateway: ChildProcess | undefined;
let gatewayUrl = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let postId = 0;
let blockPostId = 0;
let composerPostId = 0;

/** A one-page PDF, as a member's file. */
async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Firma qui', { x: 60, y: 420, size: 14 });
  return Buffer.from(await doc.save());
}

function phpFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'cdn') phpFiles(path, out);
    } else if (name.endsWith('.php')) out.push(path);
  }
  return out;
}

/** `npm run gateway` with its embedded simulator, answering the WordPress origin. */
async function startGateway(origin: string): Promise<string> {
  const port = await freePort();
  gateway = spawn(process.execPath, ['--import', 'tsx', 'demo/server/gateway.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      SPORTELLO_GATEWAY_PORT: String(port),
      SPORTELLO_GATEWAY_HOST: '127.0.0.1',
      SPORTELLO_GATEWAY_SIMULATOR: '1',
      SPORTELLO_GATEWAY_ORIGINS: origin,
      SPORTELLO_SIM_PACE_MS: '5',
    },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the gateway did not start:\n${out}`)), 60_000);
    gateway!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Sportello gateway listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    gateway!.once('exit', (code) => reject(new Error(`the gateway exited (${code}):\n${out}`)));
  });
}

before(async () => {
  // The plugin as it ships: its PHP and assets plus its own copy of cdn/.
  const plugin = join(work, 'plugin');
  cpSync(PLUGIN, plugin, { recursive: true, filter: (src) => !src.startsWith(join(PLUGIN, 'cdn')) });
  await run(process.execPath, [
    'node_modules/vite/bin/vite.js',
    'build',
    '--mode',
    'cdn',
    '--outDir',
    join(plugin, 'cdn'),
    '--logLevel',
    'warn',
  ]);
  mkdirSync(join(work, 'site'));
  wp = await startWordPress(join(work, 'site'), plugin, ADMIN_PASSWORD);
  gatewayUrl = await startGateway(wp.url);

  // The administrator is also a member: Giovanni Verdi, the signer of practice 1002, with a
  // help-desk user. Two posts.
  const ids = await wp.php(`
add_filter('send_email_change_email', '__return_false');
wp_update_user(array('ID' => 1, 'user_email' => 'giovanni.verdi@example.test', 'display_name' => 'Giovanni Verdi'));
update_user_meta(1, 'sportello_desk_id_utente', 501);
update_user_meta(1, 'sportello_sign_files', '1002');
$post = wp_insert_post(array('post_title' => 'Talk to us', 'post_status' => 'publish', 'post_content' =>
  "[sportello_live_chat]\\n\\n[sportello_ai_chat agent=\\"1\\" heading='Ask \\"us\\" onmouseover=\\"alert(1)']\\n\\n[sportello_sign_viewer file=\\"1002\\" ask=\\"yes\\"]\\n\\n[sportello_desk_form]\\n\\n[sportello_desk_requests]"));
$block = wp_insert_post(array('post_title' => 'A block', 'post_status' => 'publish', 'post_content' =>
  '<!-- wp:sportello/desk-form {"lang":"it"} /-->'));
$composer = wp_insert_post(array('post_title' => 'Prepare a practice', 'post_status' => 'publish', 'post_content' =>
  '<!-- wp:sportello/sign-composer {"lang":"en"} /-->'));
echo 'POSTS ' . $post . ' ' . $block . ' ' . $composer;`);
  [postId, blockPostId, composerPostId] = (/POSTS (\d+) (\d+) (\d+)/.exec(ids) ?? []).slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  assert.ok(postId > 0 && blockPostId > 0 && composerPostId > 0, `posts created: ${ids}`);

  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 2000 } });
  page = await context.newPage();
  await recordEvents(page);
});

after(async () => {
  await browser?.close();
  if (gateway && gateway.exitCode === null) {
    const exited = new Promise((r) => gateway!.once('exit', r));
    gateway.kill('SIGTERM');
    await exited;
  }
  await wp?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('every PHP file of the plugin passes php -l', async () => {
  const files = phpFiles(PLUGIN);
  assert.ok(files.length >= 10, `found ${files.length} PHP files`);
  for (const file of files) assert.match(await run('php', ['-l', file]), /No syntax errors/, file);
});

test('the administrator logs in and saves the settings through the real form', async () => {
  await page.goto(`${wp.url}/wp-login.php`);
  await page.fill('#user_login', 'admin');
  await page.fill('#user_pass', ADMIN_PASSWORD);
  await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);

  await page.goto(`${wp.url}/wp-admin/options-general.php?page=sportello`);
  await page.fill('#sportello-gateway-url', gatewayUrl);
  await page.fill('#sportello-widget-key', 'demo');
  await page.fill('#sportello-ai-agents', '1');
  await page.selectOption('#sportello-default-lang', 'en');
  await page.check('input[name="sportello_settings[launcher]"][value="all"]');
  await page.fill('#sportello-token-secret', GATEWAY_SECRET);
  await Promise.all([page.waitForURL(/settings-updated=true/), page.click('#submit')]);
  await page.locator('#setting-error-settings_updated').waitFor();

  // What was saved is what the form shows again (the secret never is).
  await page.goto(`${wp.url}/wp-admin/options-general.php?page=sportello`);
  assert.equal(await page.inputValue('#sportello-gateway-url'), gatewayUrl);
  assert.equal(await page.inputValue('#sportello-widget-key'), 'demo');
  assert.equal(await page.inputValue('#sportello-default-lang'), 'en');
  assert.ok(await page.isChecked('input[name="sportello_settings[launcher]"][value="all"]'));
  assert.equal(await page.inputValue('#sportello-token-secret'), '');
  const saved = JSON.parse(await wp.php(`echo wp_json_encode(get_option('sportello_settings'));`)) as Record<
    string,
    unknown
  >;
  assert.equal(saved['token_secret'], GATEWAY_SECRET);
  if (shots) await page.screenshot({ path: join(shots, 'wp-settings.png'), fullPage: true });
});

test('the settings are refused without the form nonce, and the page without the capability', async () => {
  const forged = await page.request.post(`${wp.url}/wp-admin/options.php`, {
    form: { option_page: 'sportello', action: 'update', 'sportello_settings[widget_key]': 'forged' },
    maxRedirects: 0,
  });
  assert.notEqual(forged.status(), 302, 'no redirect to "settings saved"');
  const saved = JSON.parse(await wp.php(`echo wp_json_encode(get_option('sportello_settings'));`)) as Record<
    string,
    unknown
  >;
  assert.equal(saved['widget_key'], 'demo');

  const subscriber = await wp.php(
    `echo wp_insert_user(array('user_login' => 'reader', 'user_pass' => 'reader-password-1', 'role' => 'subscriber'));`,
  );
  assert.ok(Number(subscriber) > 0);
  // Signed in with the cookies WordPress itself issues for the subscriber (a real session): the
  // login form is the administrator's test's; here it once stayed on wp-login.php under a loaded
  // CI run, which says nothing about the capability check this test is for.
  const cookies = JSON.parse(
    await wp.php(`$id = ${Number(subscriber)}; $until = time() + HOUR_IN_SECONDS;
echo wp_json_encode(array(
  array('name' => AUTH_COOKIE, 'value' => wp_generate_auth_cookie($id, $until, 'auth')),
  array('name' => LOGGED_IN_COOKIE, 'value' => wp_generate_auth_cookie($id, $until, 'logged_in')),
));`),
  ) as Array<{ name: string; value: string }>;
  const reader = await browser.newContext();
  try {
    await reader.addCookies(cookies.map((c) => ({ ...c, url: wp.url })));
    const p = await reader.newPage();
    const profile = await p.goto(`${wp.url}/wp-admin/profile.php`);
    assert.equal(profile?.status(), 200, 'the subscriber is signed in');
    assert.match(p.url(), /\/wp-admin\/profile\.php$/);
    const response = await p.goto(`${wp.url}/wp-admin/options-general.php?page=sportello`);
    assert.equal(response?.status(), 403);
  } finally {
    await reader.close();
  }
});

test('the editor offers the six blocks, and one inserted shows its placeholder', async () => {
  // A tab of its own: the edited post stays unsaved, and its "leave the page?" prompt must not hold
  // up the next test's navigation.
  const editor = await context.newPage();
  await recordEvents(editor);
  try {
    await editor.goto(`${wp.url}/wp-admin/post-new.php`);
    await editor.waitForFunction(
      () => !!(window as unknown as { wp?: WpGlobal }).wp?.blocks?.getBlockType?.('sportello/desk-form'),
      null,
      {
        timeout: 60_000,
      },
    );
    const titles = await editor.evaluate(() =>
      ['live-chat', 'ai-chat', 'sign-viewer', 'sign-composer', 'desk-form', 'desk-requests'].map(
        (name) => (window as unknown as { wp: WpGlobal }).wp.blocks.getBlockType(`sportello/${name}`)?.title,
      ),
    );
    assert.deepEqual(titles, [
      'Live chat',
      'AI assistant',
      'Documents to sign',
      'Prepare a practice',
      'Help-desk request',
      'My help-desk requests',
    ]);
    await editor.evaluate(() => {
      const { wp } = window as unknown as { wp: WpGlobal };
      wp.data.dispatch('core/block-editor').insertBlocks(wp.blocks.createBlock('sportello/desk-form'));
    });
    await editor.getByText('Sportello: Help-desk request').first().waitFor({ timeout: 30_000 });
  } finally {
    await editor.close({ runBeforeUnload: false });
  }
});

test('a post with the five shortcodes: each element works through the gateway with the member token', async () => {
  const tokens: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('sportello%2Fv1%2Fvisitor-token') || r.url().includes('sportello/v1/visitor-token'))
      tokens.push(r.status());
  });
  await page.goto(`${wp.url}/?p=${postId}`);
  // The shortcode's chat only: the site-wide launcher stays away from a page that has one.
  assert.equal(await page.locator('sportello-live-chat').count(), 1);
  try {
    await exerciseLiveChat(page, 'sportello-live-chat[mode="inline"]');
    await exerciseAiChat(page);
    await exerciseSignViewer(page);
    // ask="yes": the document's AI summary, through the gateway (which sends the PDF itself).
    await page.locator('sportello-sign-viewer [part~="ask-summary"]').waitFor({ state: 'visible', timeout: 90_000 });
    await exerciseDeskForm(page);
    assert.ok((await exerciseDeskRequests(page)) >= 1, "the member's requests are listed");
  } catch (error) {
    if (shots) await page.screenshot({ path: join(shots, 'wp-post-failed.png'), fullPage: true });
    throw error;
  }
  assert.ok(tokens.length >= 1 && tokens.every((s) => s === 200), `visitor tokens asked: ${JSON.stringify(tokens)}`);
  if (shots) {
    await page.screenshot({ path: join(shots, 'wp-post.png'), fullPage: true });
    await page.locator('sportello-ai-chat').screenshot({ path: join(shots, 'wp-post-ai.png') });
  }
});

test('the composer block: for a member allowed to prepare practices (their profile), who sends one and hosts its signer', async () => {
  // Not yet allowed: the administrator is told who sees the composer; no element is written.
  await page.goto(`${wp.url}/?p=${composerPostId}`);
  await page.getByText('only members allowed to prepare practices').waitFor();
  assert.equal(await page.locator('sportello-sign-composer').count(), 0);

  // The permission, saved through the real profile form (its nonce).
  await page.goto(`${wp.url}/wp-admin/profile.php`);
  await page.check('#sportello-sign-author');
  await page.check('#sportello-sign-free');
  await page.fill('#sportello-sign-types', 'POLIZZA-AUTO, ASSUNZIONE, <b>');
  await page.fill('#sportello-sign-host', 'agente.conti');
  await Promise.all([page.waitForURL(/updated=1/), page.click('#submit')]);
  const claims = JSON.parse(
    await wp.php(`echo wp_json_encode(sportello_visitor_claims(get_user_by('id', 1), sportello_settings(), time()));`),
  ) as { sportello: { sign: Record<string, unknown> } };
  assert.deepEqual(claims.sportello.sign['author'], {
    types: ['POLIZZA-AUTO', 'ASSUNZIONE'],
    free: true,
    host: 'agente.conti',
  });
  assert.deepEqual(claims.sportello.sign['files'], [1002], 'what the member could view is kept');

  await page.goto(`${wp.url}/?p=${composerPostId}`);
  const bytes = await pdfBytes();
  try {
    const idFile = await exerciseSignComposer(page, bytes, {
      allowed: 'Polizza auto',
      refused: 'Apertura conto corrente',
    });
    assert.ok(idFile > 0);
  } catch (error) {
    if (shots) await page.screenshot({ path: join(shots, 'wp-composer-failed.png'), fullPage: true });
    throw error;
  }
  if (shots) await page.screenshot({ path: join(shots, 'wp-composer.png'), fullPage: true });

  // A visitor gets nothing of it: no element, no notice.
  const anonymous = await (await fetch(`${wp.url}/?p=${composerPostId}`)).text();
  assert.doesNotMatch(anonymous, /sportello-sign-composer|only members allowed/);
});

test('the site-wide launcher appears on other pages', async () => {
  await page.goto(`${wp.url}/`);
  const launcher = page.locator('sportello-live-chat[mode="launcher"] [part~="launcher"]');
  await launcher.waitFor({ state: 'visible', timeout: 60_000 });
  if (shots) await page.screenshot({ path: join(shots, 'wp-home-launcher.png') });
});

test('the block renders the element; attributes are escaped; visitors get no token hook', async () => {
  const block = await (await fetch(`${wp.url}/?p=${blockPostId}`)).text();
  assert.match(block, /<sportello-desk-form [^>]*lang="it"/);
  const post = await (await fetch(`${wp.url}/?p=${postId}`)).text();
  assert.match(post, /heading="Ask &quot;us&quot; onmouseover=&quot;alert\(1\)"/);
  assert.doesNotMatch(post, /onmouseover="alert/);
  assert.match(post, /<sportello-sign-viewer [^>]*\bask-document ai-endpoint="[^"]+\/ai\/api\/v2"/);
  assert.match(
    post,
    /<script type="module" src="[^"]*sportello-wp\.js[^"]*" id="sportello-wp-js"><\/script>/,
    'an anonymous visitor gets the kit without a token URL',
  );
  const blockType = await wp.php(
    `echo WP_Block_Type_Registry::get_instance()->is_registered('sportello/sign-viewer') ? 'yes' : 'no';`,
  );
  assert.equal(blockType.trim(), 'yes');
});

test('the settings page speaks Italian, German, French and Spanish', async () => {
  for (const [locale, word] of [
    ['it_IT', 'Segreto condiviso'],
    ['de_DE', 'Gemeinsames Geheimnis'],
    ['fr_FR', 'Secret partagé'],
    ['es_ES', 'Secreto compartido'],
  ] as const) {
    const html = await wp.php(`require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user(1); add_filter('locale', function () { return '${locale}'; });
ob_start(); sportello_render_settings_page(); echo ob_get_clean();`);
    assert.ok(html.includes(word), `${locale}: "${word}" on the settings page`);
  }
});

test('WordPress logged no PHP notice, warning or error from the plugin', () => {
  const lines = wp
    .debugLog()
    .split('\n')
    .filter((l) => l.includes('/plugins/sportello/'));
  assert.deepEqual(lines, []);
});
