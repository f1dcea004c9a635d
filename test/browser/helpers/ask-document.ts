// Shared by the "Ask about this document" browser tests (not a test file itself): the viewer with
// `ask-document` on practice 1001 through the gateway, visitors' tokens, and the simulator's faults
// for the analysis.
import { fixture } from '@open-wc/testing';
import { GATEWAY_URL, SIM_URL } from '/__sportello/env.js';
import type { SportelloSignViewer } from '../../../components/sign-viewer/sign-viewer.js';
import { shadow } from './sign-viewer.js';

export const SIGN_GATEWAY = `${GATEWAY_URL}/sign/api/v2`;
export const AI_GATEWAY = `${GATEWAY_URL}/ai/api/v2`;

/** A visitor's token as the site's backend mints it (Ada views practice 1001; Bruno does not). */
export const tokenOf = (user: 'ada' | 'bruno') => async () =>
  ((await (await fetch(`/__sportello/visitor-token?user=${user}`)).json()) as { token: string }).token;

/** Sets the viewer's attributes and token for practice 1001 as Ada, with "About this document". */
export function configureAskViewer(el: SportelloSignViewer, lang = 'en'): SportelloSignViewer {
  el.setAttribute('lang', lang);
  el.setAttribute('endpoint', SIGN_GATEWAY);
  el.setAttribute('ai-endpoint', AI_GATEWAY);
  el.setAttribute('ask-document', '');
  el.setAttribute('id-file', '1001');
  el.tokenProvider = tokenOf('ada');
  return el;
}

/** Practice 1001 as Ada (her token names it) with "About this document", through the gateway only. */
export async function askViewer(lang = 'en', width = 1000): Promise<SportelloSignViewer> {
  const el = configureAskViewer(document.createElement('sportello-sign-viewer'), lang);
  el.setAttribute('style', `--sportello-sign-viewer-height: 700px; width: ${width}px`);
  return fixture<SportelloSignViewer>(el);
}

/** The viewer's element exposing part `name`. */
export const part = (el: Element, name: string) => shadow(el).querySelector<HTMLElement>(`[part~="${name}"]`);

const addFault = (fault: Record<string, unknown>) =>
  fetch(`${SIM_URL}/__sim/faults`, { method: 'POST', body: JSON.stringify(fault) });

/** The next analysis ends `failed`. */
export const failNextAnalysis = () => addFault({ kind: 'fail-job', match: '/ai/api/v2/analysis/pdf' });

/** Analyses stay `running` until {@link releaseAnalyses} (or the simulator's reset). */
export const holdAnalyses = () =>
  addFault({ kind: 'hold-job', match: '/ai/api/v2/analysis/pdf', durationMs: 10 * 60 * 1000 });

export const releaseAnalyses = () => fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
