// The Sportello kit on a WordPress page: the plugin's own copy of cdn/sportello.js (it defines each
// element when its tag appears), and for a logged-in member a token provider that asks the site
// for a short-lived visitor token (POST /wp-json/sportello/v1/visitor-token with the REST nonce),
// reused until shortly before it expires, asked again when the gateway refused it.
import { configure } from '../cdn/sportello.js';

const script = document.getElementById('sportello-wp-js');
const tokenUrl = script?.dataset.tokenUrl;
const nonce = script?.dataset.nonce;

if (tokenUrl && nonce) {
  let cached;
  let pending;
  const ask = async () => {
    const response = await fetch(tokenUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-WP-Nonce': nonce },
    });
    if (!response.ok) throw new Error(`The site gave no visitor token (HTTP ${response.status})`);
    const { token, expiresIn } = await response.json();
    cached = { token, until: Date.now() + Math.max(0, expiresIn - 30) * 1000 };
    return token;
  };
  configure({
    tokenProvider: ({ forceRefresh } = { forceRefresh: false }) => {
      if (!forceRefresh && cached && Date.now() < cached.until) return Promise.resolve(cached.token);
      pending ??= ask().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  });
}
