import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, Time } from '../../http/schema-types.ts';

/*
 * Every post of a report or an MO to a webhook, as the operator's message and MO pages show them
 * (the console's debugger). Free of server imports: the console takes its types from here.
 */

export const WebhookHeader = named(
  'AdminWebhookHeader',
  Type.Object({
    name: Type.String(),
    value: Nullable(
      Type.String({
        description:
          'as posted; a signature or credential is masked; null where it is not kept (the timestamp of ' +
          'a post that succeeded: a success keeps only its status)',
      }),
    ),
    masked: Type.Boolean({ description: 'the value is a secret, shown masked' }),
  }),
);

export const WebhookAttempt = named(
  'AdminWebhookAttempt',
  Type.Object({
    at: Time(
      'iso',
      'a failure: when the post began (its X-SVC-Timestamp); the success: when it was acknowledged',
    ),
    acknowledged: Type.Boolean({ description: 'the receiver answered 2xx with the same msgKey' }),
    request: Type.Object({
      method: Type.String({ description: 'POST' }),
      url: Nullable(
        Type.String({
          description:
            'where it was posted (a password in it masked); null for the success, whose URL is not kept: ' +
            "the account's webhookUrl unless it changed since",
        }),
      ),
      headers: Type.Array(WebhookHeader, { description: 'by name, in the order they are sent' }),
    }),
    status: Nullable(
      Type.Integer({ description: "the receiver's HTTP status; null when none came (timeout, network)" }),
    ),
    error: Nullable(
      Type.String({
        description:
          'why it failed: HTTP status, answer not JSON, another msgKey echoed, no answer within 5 s, ' +
          'refused address, network error; null for the success',
      }),
    ),
  }),
);

/** The attempts of one report or MO, and whether older ones were left out. */
export const WebhookAttemptFields = {
  webhookAttempts: Type.Array(WebhookAttempt, {
    description:
      'Every post to the webhook, oldest first (the failed ones, then the one acknowledged); the body ' +
      'posted is the same each time (the report body, or the MO webhook body)',
  }),
  earlierAttemptsOmitted: Type.Boolean({
    description: 'older failed attempts than those listed exist (at most 100 are listed)',
  }),
};
