// snippet: what the README's one-line snippet (`<script type="module" src=".../sportello.js">` and one
// tag) costs a page before the visitor shows any intent: every script file fetched from cdn/ while
// the page loads and goes idle (the launchers' idle work included), as gzip -9 bytes of those files,
// for each launcher: the live chat, the AI panel's bubble, and the live chat inside <sportello-config>;
// and the live chat with the command queue's stub and one queued call.
// No pointer moves, no click: whatever is fetched here, every visitor of the page pays.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { withBench, round } from './lib/harness.mjs';

const PAGES = {
  liveChat: { path: 'bench/pages/snippet-live-chat.html', tag: 'sportello-live-chat' },
  aiLauncher: { path: 'bench/pages/snippet-ai-launcher.html', tag: 'sportello-ai-chat' },
  liveChatInConfig: { path: 'bench/pages/snippet-config.html', tag: 'sportello-live-chat' },
  // The stub of "Before the kit loads" and one queued configure(): the commands' chunk on top.
  liveChatWithQueue: { path: 'bench/pages/snippet-queue.html', tag: 'sportello-live-chat' },
};

async function beforeIntent({ page, open, requests }, { path, tag }) {
  requests.length = 0;
  await open(path);
  // The closed launcher painted, then the page left alone until the browser has been idle twice
  // (the launchers' idle work runs then) and the network has been quiet for 500 ms.
  await page.waitForFunction((t) => !!document.querySelector(t)?.shadowRoot?.querySelector('button'), tag, {
    timeout: 30_000,
  });
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 })));
    await page.waitForLoadState('networkidle');
  }
  const files = [...new Set(requests.filter((p) => p.startsWith('/cdn/')))];
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const code = readFileSync(new URL(`..${file}`, import.meta.url));
    raw += code.length;
    gz += gzipSync(code, { level: 9 }).length;
  }
  return {
    gzipKB: round(gz / 1024),
    rawKB: round(raw / 1024),
    files: files.map((f) => f.replace('/cdn/', '')),
  };
}

export default async () => {
  const figures = await withBench(async (bench) => {
    const out = {};
    for (const [name, page] of Object.entries(PAGES)) out[name] = await beforeIntent(bench, page);
    return out;
  });
  return {
    note: "script bytes (gzip -9 of each cdn/ file fetched) a page with the README's snippet pays before intent: loaded, idle twice, network quiet; no interaction",
    ...figures,
  };
};
