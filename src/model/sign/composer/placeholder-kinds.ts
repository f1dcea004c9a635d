/**
 * The placeholder types of spec §2.5, grouped as a person preparing a practice thinks of them, and
 * what each one can be told (a pattern, options, a default). Pure data and rules; the words live
 * in the catalogue (`ph_<code>`, `phGroup_<group>`).
 */

export type PlaceholderGroup = 'person' | 'birth' | 'identity' | 'auto' | 'text' | 'choice' | 'signing';

export interface PlaceholderKind {
  code: string;
  group: PlaceholderGroup;
  /** Filled in by the service itself (the date of signing): no default, no pattern, never required. */
  auto?: boolean;
  /** A box the signer ticks: its default is ticked or not. */
  toggle?: boolean;
  /** A combo box: a list of options. */
  options?: boolean;
  /** A radio button: one of a group (`groupId`), its value in `defaultValue`. */
  radio?: boolean;
  /** What the signer types: a pattern with its message may check it. */
  typed?: boolean;
  /** A date the signer gives. */
  date?: boolean;
}

/** Every type code of spec §2.5, in the order the composer offers them, group by group. */
export const PLACEHOLDER_KINDS: readonly PlaceholderKind[] = [
  { code: 'F', group: 'person', typed: true },
  { code: '1', group: 'person', typed: true },
  { code: '2', group: 'person', typed: true },
  { code: 'X', group: 'person', typed: true },
  { code: 'K', group: 'person', typed: true },
  { code: 'C', group: 'person', typed: true },
  { code: 'E', group: 'birth', date: true },
  { code: 'A', group: 'birth', typed: true },
  { code: 'B', group: 'birth', typed: true },
  { code: 'M', group: 'birth', typed: true },
  { code: 'N', group: 'birth', typed: true },
  { code: 'P', group: 'birth', typed: true },
  { code: 'Q', group: 'birth', typed: true },
  { code: 'V', group: 'birth', typed: true },
  { code: 'L', group: 'birth', typed: true },
  { code: 'J', group: 'identity', typed: true },
  { code: 'G', group: 'identity', typed: true },
  { code: 'H', group: 'identity', date: true },
  { code: 'D', group: 'auto', auto: true },
  { code: 'O', group: 'auto', auto: true },
  { code: 'T', group: 'text', typed: true },
  { code: 'I', group: 'choice', toggle: true },
  { code: 'Y', group: 'choice', toggle: true },
  { code: 'R', group: 'choice', radio: true },
  { code: 'U', group: 'choice', options: true },
  { code: 'S', group: 'signing' },
  { code: 'Z', group: 'signing' },
];

export const PLACEHOLDER_GROUPS: readonly PlaceholderGroup[] = [
  'person',
  'birth',
  'identity',
  'text',
  'choice',
  'auto',
  'signing',
];

const BY_CODE = new Map(PLACEHOLDER_KINDS.map((k) => [k.code, k]));

/** The kind of a type code; an unknown code (a newer service) reads as free text. */
export function placeholderKind(code: string): PlaceholderKind {
  return BY_CODE.get(code) ?? { code, group: 'text', typed: true };
}

export const isPlaceholderCode = (code: string): boolean => BY_CODE.has(code);
