import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { StringEnum } from '../../http/schema-types.ts';

/*
 * The answer of POST /admin/v1/demo (and of `omnigate demo --json`). Free of server imports: the
 * console takes its types from here.
 */

/** What each example of the answer shows, in the order they come. */
export const DEMO_EXAMPLES = [
  'sms',
  'lms',
  'mms',
  'infomsg',
  'rcs',
  'brandmessage',
  'inbox',
  'reports',
] as const;
export type DemoExampleName = (typeof DEMO_EXAMPLES)[number];

// Not a named component: the document inlines it in DemoAccount, where a name would stay unused.
export const DemoExample = Type.Object({
  name: StringEnum(DEMO_EXAMPLES),
  title: Type.String(),
  description: Type.String(),
  lines: Type.Array(Type.String(), {
    description: 'shell command lines (bash or zsh), each complete, to be pasted in this order',
  }),
});

export const DemoAccount = named(
  'DemoAccount',
  Type.Object({
    accountId: Type.String(),
    name: Type.String(),
    reused: Type.Boolean({
      description: 'true: the demo account of an earlier run, with a new API key; false: made now',
    }),
    apiKey: Type.String({ description: 'A new key of the demo account, shown only here' }),
    keyId: Type.String(),
    sender: Type.String({ description: 'the registered sender number (from)' }),
    senderKey: Type.String({ description: 'the sender profile of infomsg and brandmessage' }),
    templateCode: Type.String({ description: 'an approved informational template of that profile' }),
    brandKey: Type.String({ description: 'the RCS brand' }),
    handset: Type.String({ description: 'the simulated handset the examples send to' }),
    baseUrl: Type.String({ description: 'the gateway address the lines call' }),
    examples: Type.Array(DemoExample),
  }),
);
