import type { Static } from '@sinclair/typebox';
import type * as S from '../../../src/features/admin/schemas.ts';
import { seg } from '../api.ts';

/* What the operator API answers about accounts, typed from the schemas the server validates with. */

export type AccountSummary = Static<typeof S.AccountSummary>;
export type AccountList = Static<typeof S.AccountList>;
export type CreatedAccount = Static<typeof S.CreatedAccount>;
export type AccountDetail = Static<typeof S.AccountDetail>;
export type Key = Static<typeof S.Key>;
export type CreatedKey = Static<typeof S.CreatedKey>;
export type Sender = Static<typeof S.Sender>;
export type Profile = Static<typeof S.Profile>;
export type PutProfileBody = Static<typeof S.PutProfileBody>;
export type Brand = Static<typeof S.Brand>;
export type PutBrandBody = Static<typeof S.PutBrandBody>;
export type WebhookSet = Static<typeof S.WebhookSet>;
export type ReportMode = Static<typeof S.ReportModeBody>['mode'];
export type Limits = Static<typeof S.Limits>;

/** The base of an account's operator API paths. */
export const accountPath = (accountId: string) => `/admin/v1/accounts/${seg(accountId)}`;
