/** See bundle.mjs. */
export function bundled(root: string, entry: string, prefix: string): Promise<URL>;
