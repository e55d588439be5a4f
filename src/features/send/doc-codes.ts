import type { Code } from '../../errors.ts';

/*
 * The result codes and rules a send documents, shared by every operation that takes a messageFlow
 * or recipients as a send does (send, reservations). Loaded with the OpenAPI document only.
 */

/** What a messageFlow can be refused for as a whole (channels, templates, registrations, files). */
export const FLOW: readonly Code[] = [
  'A217',
  'A302',
  'A303',
  'A336',
  'A501',
  'A526',
  'A503',
  'A337',
  'A338',
  'A570',
  'A319',
  'A339',
  'A571',
  'A325',
  'A340',
  'A327',
  'A328',
  'A420',
  'A334',
  'A505',
  'A523',
];
/** A send request's own rules besides its flow. */
export const SEND: readonly Code[] = [...FLOW, 'A305', 'A307', 'A308', 'A309', 'A310', 'A311', 'A318'];

export const SEND_RULES =
  'Recipients are judged one by one: a refused recipient (invalid number A306, spam filter or opt-out list A322-A324, text over its limit after substitution A328/A333, missing variable A335, discount A337) gets its code in its own result while the others are accepted; a refusal of the request itself (the flow, a registration, the limits) answers its code and sends nothing.';
