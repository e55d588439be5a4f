import './messages.css';

/*
 * The message renderers: `<InboxItem item={item} />` draws one timeline item as the handset shows
 * it. The stylesheet is imported here, the module the pages import (esbuild bundles it); the
 * components live in files of their own, which tests import without it.
 */
export { InboxItem } from './item.tsx';
export type { TimelineItem } from './types.ts';
