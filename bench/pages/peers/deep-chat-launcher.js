// deep-chat on a page as the launcher part measures every subject: the page is loaded first, then
// `__load()` imports the element's code (a chunk of its own, as ours come from cdn/) and puts one
// element on the page, resolved once it rendered and two frames passed. Nothing is asked.
import { frames } from './sse.js';

window.__load = async () => {
  await import('deep-chat');
  const el = document.createElement('deep-chat');
  el.style.width = '420px';
  el.style.height = '600px';
  const rendered = new Promise((resolve) => (el.onComponentRender = () => resolve()));
  document.body.append(el);
  await rendered;
  await frames(2);
};
window.__ready = true;
