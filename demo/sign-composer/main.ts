import '../../entries/index.js';
import { SIM_URL } from '../demo-env.js';

const SIGN_API = `${SIM_URL}/sign/api/v2`;
const $ = <T extends Element>(sel: string) => document.querySelector<T>(sel)!;
const log = $('#log');
const composer = $<HTMLElement>('#composer');

// The simulator's development keys: `demo` may submit every published process type and hosts in-person signing.
composer.setAttribute('endpoint', SIGN_API);
composer.setAttribute('sign-token', 'demo-sign-token');
composer.setAttribute('sign-user', 'demo');

for (const name of ['sportello-sign-sent', 'sportello-sign-draft-saved', 'sportello-error'] as const) {
  document.addEventListener(name, (e) => {
    const d = (e as CustomEvent).detail as { idFile?: number; idDraft?: number; operation?: string; error?: Error };
    log.textContent = d.error
      ? `${name}: ${d.operation}: ${d.error.message}`
      : `${name}: ${d.idFile !== undefined ? `practice ${d.idFile}` : `draft ${d.idDraft}`}`;
  });
}

$<HTMLSelectElement>('#lang').addEventListener('change', (e) =>
  composer.setAttribute('lang', (e.target as HTMLSelectElement).value),
);
$('#reset').addEventListener('click', () => {
  void fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' }).then(() => (log.textContent = 'Simulator reset.'));
});
