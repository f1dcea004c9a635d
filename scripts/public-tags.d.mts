export declare const PUBLIC_TAGS: readonly string[];
