/**
 * The simulator's seed data lives in JSON files beside the service that uses it (`<service>/data/`),
 * read once when the service module loads: data, not code, so a reader finds the rules in the
 * TypeScript and what the demo company says and sells in the data.
 */
import { readFileSync } from 'node:fs';

/** One seed file, parsed; `T` is the shape the service declares for it. */
export function readSeed<T>(file: URL): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
