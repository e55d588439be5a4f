// Defined as `true` by the production build (scripts/build.mjs); undeclared when the sources run
// through tsx, as the tests run them.
declare const __OMNIGATE_BUILT__: boolean | undefined;

/**
 * Whether this code runs compiled, from dist/. Compiled, the gateway loads what the build wrote
 * (the engine thread's entry, the console's assets) and needs neither tsx nor esbuild; from its
 * sources, it bundles them in memory as the build would.
 */
export const BUILT: boolean = typeof __OMNIGATE_BUILT__ !== 'undefined' && __OMNIGATE_BUILT__ === true;
