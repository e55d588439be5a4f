// The entry of the engine's thread (src/engine/thread.ts): TypeScript through tsx, when the gateway runs from its sources (src/engine/thread-bundle.ts).
import { register } from 'tsx/esm/api';

register();
await import('../../src/engine-thread.ts');
