import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Account, ApiKeyRecord } from '../../store/accounts/accounts.ts';
import type { SenderNumber } from '../../store/accounts/senders.ts';
import type { RcsBrand } from '../../store/templates/brands.ts';
import type { SenderProfile } from '../../store/templates/profiles.ts';
import type * as S from './schemas.ts';

/**
 * What the operator API and the CLI show of stored records: camelCase names and ISO 8601 times
 * in Korea time, like the client API. Secrets never appear here: a webhook secret is shown only
 * by the call that sets it, an API key only by the call that creates it.
 */
export type AccountSummaryView = Static<typeof S.AccountSummary>;
export type KeyView = Static<typeof S.Key>;
export type SenderView = Static<typeof S.Sender>;
export type ProfileView = Static<typeof S.Profile>;
export type BrandView = Static<typeof S.Brand>;
export type LimitsView = Static<typeof S.Limits>;
export type AccountDetailView = Static<typeof S.AccountDetail>;

export function accountSummaryView(a: Account): AccountSummaryView {
  return { accountId: a.id, name: a.name, reportMode: a.reportMode, createdAt: isoKst(a.createdAt) };
}

export function limitsView(a: Account): LimitsView {
  return { accountId: a.id, sendPerSecond: a.sendPerSecond, requestsPerSecond: a.requestsPerSecond };
}

export function keyView(k: ApiKeyRecord): KeyView {
  return {
    keyId: k.id,
    prefix: k.prefix,
    dlr: k.dlr,
    createdAt: isoKst(k.createdAt),
    revokedAt: k.revokedAt === null ? null : isoKst(k.revokedAt),
  };
}

export function senderView(s: SenderNumber): SenderView {
  return { number: s.number, createdAt: isoKst(s.createdAt) };
}

export function profileView(p: SenderProfile): ProfileView {
  return {
    accountId: p.accountId,
    senderKey: p.senderKey,
    senderKeyType: p.senderKeyType,
    channelId: p.channelId,
    name: p.name,
    friendCount: p.friendCount,
    businessVerified: p.businessVerified,
    channelPhoneNumber: p.channelPhoneNumber,
    consentEvidence: p.consentEvidence,
    status: p.status,
    createdAt: isoKst(p.createdAt),
  };
}

export function brandView(b: RcsBrand): BrandView {
  return {
    accountId: b.accountId,
    brandId: b.brandId,
    brandKey: b.brandKey,
    name: b.name,
    status: b.status,
    createdAt: isoKst(b.createdAt),
  };
}
