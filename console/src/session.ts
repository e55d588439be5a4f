import type { Static } from '@sinclair/typebox';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SessionView } from '../../src/features/console/schemas.ts';

/** What GET/POST /admin/v1/session answer: the CSRF token and what the console should offer. */
export type SessionInfo = Static<typeof SessionView>;

export const SessionContext = createContext<SessionInfo | null>(null);

/** The signed-in session (pages are only shown inside one). */
export function useSession(): SessionInfo {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside a signed-in console');
  return s;
}
