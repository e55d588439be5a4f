import type { ComponentChildren } from 'preact';
import { Account } from './pages/account.tsx';
import { Accounts } from './pages/accounts.tsx';
import { Broadcasts } from './pages/broadcasts.tsx';
import { Handset } from './pages/handset.tsx';
import { Handsets } from './pages/handsets.tsx';
import { Message } from './pages/message.tsx';
import { Messages } from './pages/messages.tsx';
import { MoMessages } from './pages/mo.tsx';
import { MoMessage } from './pages/mo-message.tsx';
import { Overview } from './pages/overview.tsx';
import { Refused, RefusedRequest } from './pages/refused.tsx';
import { Reservations } from './pages/reservations.tsx';
import { Reviews } from './pages/reviews.tsx';
import { Webhooks } from './pages/webhooks.tsx';

export interface Route {
  pattern: string;
  render: (params: Record<string, string>) => ComponentChildren;
  /** Shown only while the sandbox is on. */
  sandbox?: boolean;
}

/** Every page of the console, by its path under /console. */
export const ROUTES: readonly Route[] = [
  { pattern: '/', render: () => <Overview /> },
  { pattern: '/accounts', render: () => <Accounts /> },
  { pattern: '/accounts/:accountId', render: (p) => <Account accountId={p.accountId ?? ''} /> },
  { pattern: '/messages', render: () => <Messages /> },
  { pattern: '/messages/:msgKey', render: (p) => <Message msgKey={p.msgKey ?? ''} /> },
  { pattern: '/reservations', render: () => <Reservations /> },
  { pattern: '/broadcasts', render: () => <Broadcasts /> },
  { pattern: '/mo', render: () => <MoMessages /> },
  { pattern: '/mo/:msgKey', render: (p) => <MoMessage msgKey={p.msgKey ?? ''} /> },
  { pattern: '/webhooks', render: () => <Webhooks /> },
  { pattern: '/refused', render: () => <Refused /> },
  { pattern: '/refused/:id', render: (p) => <RefusedRequest id={p.id ?? ''} /> },
  { pattern: '/sandbox/handsets', render: () => <Handsets />, sandbox: true },
  { pattern: '/sandbox/handsets/:phone', render: (p) => <Handset phone={p.phone ?? ''} />, sandbox: true },
  { pattern: '/sandbox/reviews', render: () => <Reviews />, sandbox: true },
];

export interface NavItem {
  path: string;
  label: string;
}

export const NAV: ReadonlyArray<{ title: string; sandbox?: boolean; items: readonly NavItem[] }> = [
  {
    title: 'Gateway',
    items: [
      { path: '/', label: 'Overview' },
      { path: '/accounts', label: 'Accounts' },
      { path: '/messages', label: 'Messages' },
      { path: '/reservations', label: 'Reservations' },
      { path: '/broadcasts', label: 'Broadcasts' },
      { path: '/mo', label: 'MO messages' },
      { path: '/webhooks', label: 'Webhooks' },
      { path: '/refused', label: 'Refused requests' },
    ],
  },
  {
    title: 'Sandbox',
    sandbox: true,
    items: [
      { path: '/sandbox/handsets', label: 'Handsets' },
      { path: '/sandbox/reviews', label: 'Template reviews' },
    ],
  },
];
