import './messages.css';
import './mo.css';
import { InboxItem as ReceivedItem } from './item.tsx';
import { SentMo } from './mo.tsx';
import type { TimelineItem } from './types.ts';

/*
 * The message renderers: `<InboxItem item={item} />` draws one timeline item as the handset shows
 * it: what it received by the renderer of its kind (item.tsx), what it sent (an MO) on the other
 * side (mo.tsx). The stylesheets are imported here, the module the pages import (esbuild bundles
 * them); the components live in files of their own, which tests import without them.
 */
export function InboxItem({ item }: { item: TimelineItem }) {
  return item.kind === 'mo' ? <SentMo item={item} /> : <ReceivedItem item={item} />;
}
export type { TimelineItem } from './types.ts';
