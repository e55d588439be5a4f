import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { DAY_MS, isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { saveNumberFile } from '../../store/campaigns/friend-group-files.ts';
import { newId } from '../../store/db/ids.ts';
import { transact } from '../../store/db/work-signal.ts';
import { defineJob } from '../../store/jobs/job-kind.ts';
import { enqueueJobs } from '../../store/jobs/jobs.ts';
import { partsOptions } from '../files/form.ts';
import { NUMBER_FILE_MAX_BYTES, parseNumberFile } from './friend-group-list.ts';
import { ownProfile } from './friend-group-manage.ts';
import type { NumberFileUploaded } from './friend-group-schema.ts';

/** How long an uploaded list can be named by fileKey, on the gateway clock. */
export const NUMBER_FILE_RETENTION_MS = DAY_MS;
/** An uploaded number list dropped once it has expired (friend-group-jobs.ts runs it). */
export const FILE_EXPIRE = defineJob(
  'friendGroup.fileExpire',
  Type.Object({ fileKey: Type.String({ minLength: 1 }) }),
);
export const FILE_EXPIRE_JOB = FILE_EXPIRE.kind;

export interface NumberListForm {
  senderKey: string | undefined;
  file: { bytes: Buffer; oversize: boolean } | undefined;
}

/**
 * Reads the form as it streams: `senderKey` and the `file` part (kept up to the size limit);
 * other parts are read and dropped. A second `file` part is refused rather than one chosen.
 */
export async function readNumberListForm(req: FastifyRequest): Promise<NumberListForm> {
  if (!req.isMultipart()) {
    throw new GatewayError('A415', 'expected multipart/form-data with senderKey and a file part named file');
  }
  let file: NumberListForm['file'];
  let files = 0;
  let senderKey: string | undefined;
  try {
    for await (const part of req.parts(partsOptions(NUMBER_FILE_MAX_BYTES))) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.fieldname !== 'file') continue;
        files += 1;
        if (files === 1) file = { bytes: Buffer.concat(chunks), oversize: part.file.truncated };
      } else if (part.fieldname === 'senderKey' && typeof part.value === 'string') {
        senderKey = part.value;
      }
    }
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new GatewayError('A300', `malformed multipart/form-data: ${message}`);
  }
  if (files > 1)
    throw new GatewayError('A300', 'one file per upload: the form has more than one part named file');
  return { senderKey, file };
}

/**
 * Parses and keeps an uploaded list for 24 hours (its numbers only: the file itself is not kept,
 * nor served, since it holds personal data). A malformed line refuses the whole file (A553).
 */
export async function uploadNumberFile(
  ctx: Ctx,
  accountId: string,
  form: NumberListForm,
): Promise<NumberFileUploaded> {
  if (!form.senderKey) throw new GatewayError('A300', 'senderKey is required');
  await ownProfile(ctx, accountId, form.senderKey, 'senderKey');
  if (!form.file) throw new GatewayError('A210');
  if (form.file.oversize || form.file.bytes.length > NUMBER_FILE_MAX_BYTES) {
    throw new GatewayError('A212', `at most ${NUMBER_FILE_MAX_BYTES} bytes (4 MiB)`);
  }
  const { phones } = parseNumberFile(form.file.bytes);
  const now = ctx.clock.now();
  // Whole seconds: the expiredAt the client reads is exactly when the list stops being usable.
  const expiresAt = Math.floor((now + NUMBER_FILE_RETENTION_MS) / 1000) * 1000;
  const fileKey = newId('FGF');
  const file = {
    fileKey,
    accountId,
    senderKey: form.senderKey,
    numberCount: phones.length,
    expiresAt,
    createdAt: now,
  };
  await transact(ctx.store, async (tx) => {
    await saveNumberFile(tx, ctx.store.caps, file, phones);
    // The list's numbers go when it expires (the key is refused from then on anyway).
    const expire = FILE_EXPIRE.job(
      { fileKey },
      { runAt: expiresAt, dedupeKey: `${FILE_EXPIRE_JOB}:${fileKey}` },
    );
    await enqueueJobs(tx, [expire], now);
  });
  return { fileKey, expiredAt: isoKst(expiresAt), phoneNumberCount: phones.length };
}
