// Types of the virtual module `/__sportello/commonmark-spec.js` (test/setup/commonmark-spec-plugin.mjs).
/** The CommonMark spec's examples, in spec order (`number` is the spec's example number). */
export declare const examples: ReadonlyArray<{ markdown: string; html: string; section: string; number: number }>;
