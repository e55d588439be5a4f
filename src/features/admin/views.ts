import { isoKst } from '../../clock.ts';
import type { Account, ApiKeyRecord } from '../../store/accounts/accounts.ts';
import type { SenderNumber } from '../../store/accounts/senders.ts';
import type { RcsBrand } from '../../store/templates/brands.ts';
import type { SenderProfile } from '../../store/templates/profiles.ts';

/**
 * What the operator API and the CLI show of stored records: camelCase names and ISO 8601 times
 * in Korea time, like the client API. Secrets never appear here: a webhook secret is shown only
 * by the call that sets it, an API key only by the call that creates it.
 */
export interface AccountSummaryView {
  accountId: string;
  name: string;
  reportMode: 'polling' | 'webhook';
  createdAt: string;
}

export interface KeyView {
  keyId: string;
  prefix: string;
  dlr: boolean;
  createdAt: string;
  revokedAt: string | null;
}

export interface SenderView {
  number: string;
  createdAt: string;
}

export interface ProfileView {
  accountId: string;
  senderKey: string;
  senderKeyType: string;
  channelId: string;
  name: string;
  friendCount: number;
  businessVerified: boolean;
  channelPhoneNumber: string | null;
  consentEvidence: boolean;
  status: string;
  createdAt: string;
}

export interface BrandView {
  accountId: string;
  brandId: string;
  brandKey: string;
  name: string;
  status: string;
  createdAt: string;
}

export interface LimitsView {
  accountId: string;
  sendPerSecond: number | null;
  requestsPerSecond: number | null;
}

export interface AccountDetailView extends AccountSummaryView {
  webhook: { url: string | null; secretSet: boolean };
  limits: { sendPerSecond: number | null; requestsPerSecond: number | null };
  keys: KeyView[];
  senders: SenderView[];
  senderProfiles: ProfileView[];
  rcsBrands: BrandView[];
}

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
