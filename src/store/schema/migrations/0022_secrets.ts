import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';

/**
 * Secrets at rest (issue 15): the keyring of data keys, sealed webhook secrets, sealed send
 * requests (2FA codes), and the key a 2FA code's HMAC is under. Existing webhook secrets are not
 * sealed here: a migration holds no key (the master key lives in the environment or the data
 * directory, and data keys are made by the running gateway). The gateway seals them at its start
 * (and `omnigate secrets rotate` does), which also catches secrets an older instance writes in
 * clear during a rolling upgrade.
 */
export async function up<T>(db: Kysely<T>, caps: Capabilities): Promise<void> {
  await db.schema
    .createTable('secret_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('wrapped', 'text', (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .addColumn('retired_at', caps.bigint)
    .execute();

  await db.schema.alterTable('accounts').addColumn('webhook_secret_sealed', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('webhook_key', 'text').execute();

  await db.schema
    .createTable('request_secrets')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('erase_at', caps.bigint, (c) => c.notNull())
    .addColumn('created_at', caps.bigint, (c) => c.notNull())
    .execute();
  // The sweep erases by time; a rotation reseals by key.
  await db.schema.createIndex('request_secrets_erase').on('request_secrets').column('erase_at').execute();
  await db.schema.createIndex('request_secrets_key').on('request_secrets').column('key_id').execute();

  await db.schema.alterTable('twofa_requests').addColumn('code_key', 'text').execute();
  // A retired key is deleted once no unexpired code's HMAC is under it.
  await db.schema
    .createIndex('twofa_requests_code_key')
    .on('twofa_requests')
    .columns(['code_key', 'expires_at'])
    .execute();
}
