// The entry of the engine's thread (src/engine/thread.ts): TypeScript through tsx, as bin/omnigate.mjs.
import { register } from 'tsx/esm/api';

register();
await import('../src/engine-thread.ts');
