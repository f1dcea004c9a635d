export declare const PACKAGE_TAGS: readonly string[];
