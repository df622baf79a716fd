/** The pages' sources (client-sources.mjs). */
export declare const CLIENT_SOURCES: readonly string[];
