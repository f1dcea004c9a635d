/** What every element's states share: what a state shows, the pseudo-locale, the simulator's faults and reset. */
import { SIM_URL } from '/__sportello/env.js';

export interface Shown {
  /** The element whose rendering is checked (its shadow tree, nested elements included). */
  root: Element;
  /** Text that is data here: exact strings or patterns. */
  data?: ReadonlyArray<string | RegExp>;
  /** Selectors of regions that are data as a whole (an answer's markdown, a PDF's text layer). */
  skip?: readonly string[];
  /** Lets go of what the state needed once it has been read (an operator's connection). */
  done?: () => Promise<void>;
}

export interface ElementState {
  element: string;
  state: string;
  show: () => Promise<Shown>;
}

export const LANG = 'qps';

export async function faults(body: unknown): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function resetSim(): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  localStorage.clear();
  sessionStorage.clear();
}
