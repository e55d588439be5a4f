import type { Ctx } from '../../context.ts';
import { findFile } from '../../store/media/files.ts';
import { readStoredBytes } from '../../store/media/stored-bytes.ts';
import { keepUpstreamFile, upstreamFile } from '../../store/messages/upstream.ts';
import { describeAnswer, retryable, successData } from './answers.ts';
import type { UpstreamClient } from './client.ts';

/** A file the upstream gives its own key for: an MMS image (fileKey) or an RCS image (body.media). */
export type FileKind = 'mms' | 'rcs';

export type Mapped = { ok: true; key: string } | { ok: false; retryable: boolean; text: string };

/** An upstream key is not used this close to its expiry: a send queued behind it would miss it. */
const EXPIRY_MARGIN_MS = 10 * 60_000;
/** When the upstream gives no expiry: as this gateway keeps an upload (docs/uploads.md). */
const DEFAULT_KEEP_MS = 24 * 3600_000;

/**
 * This gateway's file under the upstream's key: uploaded once (POST /api/comm/v1/file/mms or
 * /file/rcs), the mapping kept until the upstream's expiry. Two passes may upload one file at
 * once; each gets a key that works, and the last kept wins.
 */
export async function mapFile(
  ctx: Ctx,
  client: UpstreamClient,
  connector: string,
  kind: FileKind,
  accountId: string,
  localKey: string,
): Promise<Mapped> {
  const now = ctx.clock.now();
  const kept = await upstreamFile(ctx.store, connector, kind, accountId, localKey, now + EXPIRY_MARGIN_MS);
  if (kept !== undefined) return { ok: true, key: kept };
  const file = await findFile(ctx.store, accountId, localKey);
  if (!file || file.kind !== kind) {
    return { ok: false, retryable: false, text: `The ${kind} file ${localKey} is not stored here` };
  }
  // In the database, so the instance relaying it need not be the one that took the upload; an
  // earlier release's upload only on another instance's disk is not here.
  const bytes = await readStoredBytes(ctx.store, ctx.config.dataDir, file.path);
  if (!bytes) {
    return { ok: false, retryable: false, text: `The ${kind} file ${localKey} cannot be read here` };
  }
  const { FormData } = await import('undici');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: file.mime }), file.name);
  const answer = await client.upload(`/api/comm/v1/file/${kind}`, form);
  const data = successData(answer);
  const remote = data ? data[kind === 'mms' ? 'fileKey' : 'media'] : undefined;
  if (typeof remote !== 'string' || remote === '') {
    const why = data ? 'its answer names no key' : describeAnswer(answer);
    return {
      ok: false,
      retryable: data === null && retryable(answer),
      text: `The upstream did not take the ${kind} file ${localKey}: ${why}`,
    };
  }
  const expired = typeof data?.expired === 'string' ? Date.parse(data.expired) : Number.NaN;
  await keepUpstreamFile(
    ctx.store,
    {
      connector,
      kind,
      accountId,
      localKey,
      remoteKey: remote,
      expiresAt: Number.isNaN(expired) ? now + DEFAULT_KEEP_MS : expired,
    },
    now,
  );
  return { ok: true, key: remote };
}
