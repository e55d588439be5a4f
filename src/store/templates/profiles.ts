import type { Store } from '../db/database.ts';
import type { SenderProfilesTable } from '../schema/schema.ts';

/** A messaging-app channel profile (senderKey) used by infomsg and brandmessage. */
export interface SenderProfile {
  senderKey: string;
  accountId: string;
  senderKeyType: string;
  channelId: string;
  name: string;
  friendCount: number;
  businessVerified: boolean;
  channelPhoneNumber: string | null;
  consentEvidence: boolean;
  status: string;
  createdAt: number;
}

/** The settable fields of a profile; absent ones are left as they are (or defaulted on insert). */
export interface ProfileFields {
  senderKeyType?: string | undefined;
  channelId?: string | undefined;
  name?: string | undefined;
  friendCount?: number | undefined;
  businessVerified?: boolean | undefined;
  channelPhoneNumber?: string | null | undefined;
  consentEvidence?: boolean | undefined;
  status?: string | undefined;
}

function toProfile(r: SenderProfilesTable): SenderProfile {
  return {
    senderKey: r.sender_key,
    accountId: r.account_id,
    senderKeyType: r.sender_key_type,
    channelId: r.channel_id,
    name: r.name,
    friendCount: Number(r.friend_count),
    businessVerified: r.business_verified === 1,
    channelPhoneNumber: r.channel_phone_number,
    consentEvidence: r.consent_evidence === 1,
    status: r.status,
    createdAt: Number(r.created_at),
  };
}

type ProfileColumns = Partial<Omit<SenderProfilesTable, 'sender_key' | 'account_id' | 'created_at'>>;

function toColumns(f: ProfileFields): ProfileColumns {
  const c: ProfileColumns = {};
  if (f.senderKeyType !== undefined) c.sender_key_type = f.senderKeyType;
  if (f.channelId !== undefined) c.channel_id = f.channelId;
  if (f.name !== undefined) c.name = f.name;
  if (f.friendCount !== undefined) c.friend_count = f.friendCount;
  if (f.businessVerified !== undefined) c.business_verified = f.businessVerified ? 1 : 0;
  if (f.channelPhoneNumber !== undefined) c.channel_phone_number = f.channelPhoneNumber;
  if (f.consentEvidence !== undefined) c.consent_evidence = f.consentEvidence ? 1 : 0;
  if (f.status !== undefined) c.status = f.status;
  return c;
}

/**
 * Inserts the profile, or updates the given fields when this account already holds the
 * senderKey. One statement: the upsert's WHERE leaves another account's profile untouched and
 * returns no row, so two accounts racing for one senderKey cannot both win, and neither fails
 * with a raw constraint error. Returns undefined when the key belongs to another account.
 */
export async function upsertProfile(
  store: Store,
  accountId: string,
  senderKey: string,
  fields: ProfileFields,
  now: number,
): Promise<SenderProfile | undefined> {
  const given = toColumns(fields);
  const r = await store.db
    .insertInto('sender_profiles')
    .values({
      sender_key: senderKey,
      account_id: accountId,
      sender_key_type: 'S',
      channel_id: senderKey,
      name: senderKey,
      friend_count: 0,
      business_verified: 0,
      channel_phone_number: null,
      consent_evidence: 0,
      status: 'A',
      ...given,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('sender_key')
        // With nothing to change, a no-op assignment still makes the row come back.
        .doUpdateSet(Object.keys(given).length > 0 ? given : { account_id: accountId })
        .where('sender_profiles.account_id', '=', accountId),
    )
    .returningAll()
    .executeTakeFirst();
  return r ? toProfile(r) : undefined;
}

/** Updates some fields of an account's profile; undefined when the account has no such profile. */
export async function updateProfile(
  store: Store,
  accountId: string,
  senderKey: string,
  fields: ProfileFields,
): Promise<SenderProfile | undefined> {
  const given = toColumns(fields);
  if (Object.keys(given).length === 0) return getProfile(store, accountId, senderKey);
  const r = await store.db
    .updateTable('sender_profiles')
    .set(given)
    .where('sender_key', '=', senderKey)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
  return r ? toProfile(r) : undefined;
}

/** The account's profile with this key (another account's profile is not found). */
export async function getProfile(
  store: Store,
  accountId: string,
  senderKey: string,
): Promise<SenderProfile | undefined> {
  const r = await store.db
    .selectFrom('sender_profiles')
    .selectAll()
    .where('sender_key', '=', senderKey)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r ? toProfile(r) : undefined;
}

export async function listProfiles(store: Store, accountId: string): Promise<SenderProfile[]> {
  const rows = await store.db
    .selectFrom('sender_profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('sender_key')
    .execute();
  return rows.map(toProfile);
}

/** Returns false when the account had no such profile. */
export async function removeProfile(store: Store, accountId: string, senderKey: string): Promise<boolean> {
  const res = await store.db
    .deleteFrom('sender_profiles')
    .where('sender_key', '=', senderKey)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
