import type { Kysely } from 'kysely';
import type { Capabilities } from '../../db/capabilities.ts';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_messages.ts';
import * as m0003 from './0003_send_permissions.ts';
import * as m0004 from './0004_reports.ts';
import * as m0005 from './0005_early_receipts.ts';
import * as m0006 from './0006_reservations.ts';
import * as m0007 from './0007_uploads.ts';
import * as m0008 from './0008_infomsg_templates.ts';
import * as m0009 from './0009_brand_templates.ts';
import * as m0010 from './0010_rcs_center.ts';
import * as m0011 from './0011_friend_groups.ts';
import * as m0012 from './0012_videos.ts';
import * as m0013 from './0013_broadcasts.ts';
import * as m0014 from './0014_twofa.ts';
import * as m0015 from './0015_mo.ts';
import * as m0016 from './0016_smpp.ts';
import * as m0017 from './0017_console.ts';
import * as m0018 from './0018_job_kinds.ts';
import * as m0019 from './0019_audit.ts';
import * as m0020 from './0020_file_keys_per_account.ts';
import * as m0021 from './0021_retention.ts';
import * as m0022 from './0022_secrets.ts';
import * as m0023 from './0023_policy.ts';
import * as m0024 from './0024_free_jobs.ts';
import * as m0025 from './0025_message_queue.ts';
import * as m0026 from './0026_broadcast_numbers.ts';
import * as m0027 from './0027_upstream.ts';
import * as m0028 from './0028_webhook_attempts.ts';
import * as m0029 from './0029_refused_requests.ts';
import * as m0030 from './0030_upload_bytes.ts';

export interface NumberedMigration {
  up<T>(db: Kysely<T>, caps: Capabilities): Promise<void>;
}

/**
 * Every migration, in order. A landed migration is never edited: a change is a new number.
 * The names are what the migration table records.
 */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: NumberedMigration]> = [
  ['0001_foundation', m0001],
  ['0002_messages', m0002],
  ['0003_send_permissions', m0003],
  ['0004_reports', m0004],
  ['0005_early_receipts', m0005],
  ['0006_reservations', m0006],
  ['0007_uploads', m0007],
  ['0008_infomsg_templates', m0008],
  ['0009_brand_templates', m0009],
  ['0010_rcs_center', m0010],
  ['0011_friend_groups', m0011],
  ['0012_videos', m0012],
  ['0013_broadcasts', m0013],
  ['0014_twofa', m0014],
  ['0015_mo', m0015],
  ['0016_smpp', m0016],
  ['0017_console', m0017],
  ['0018_job_kinds', m0018],
  ['0019_audit', m0019],
  ['0020_file_keys_per_account', m0020],
  ['0021_retention', m0021],
  ['0022_secrets', m0022],
  ['0023_policy', m0023],
  ['0024_free_jobs', m0024],
  ['0025_message_queue', m0025],
  ['0026_broadcast_numbers', m0026],
  ['0027_upstream', m0027],
  ['0028_webhook_attempts', m0028],
  ['0029_refused_requests', m0029],
  ['0030_upload_bytes', m0030],
];
