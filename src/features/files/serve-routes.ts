import { Type } from '@sinclair/typebox';
import { CODES } from '../../errors.ts';
import { failure } from '../../http/envelope.ts';
import { FILES_DIR, findFileByPath } from '../../store/media/files.ts';
import { openStoredBytes } from '../../store/media/stored-bytes.ts';
import type { FeaturePlugin } from '../types.ts';

/**
 * Uploaded files at the URLs the upload answers gave (imgUrl and friends). No credentials: the
 * messaging platform and handsets fetch them. Each stored name carries random bytes, so a URL
 * is known only to whoever was given it. An expired file is gone. The bytes are read from the
 * database a chunk at a time (src/store/media/stored-bytes.ts), so any instance serves any upload, and a video-sized file
 * is never held whole.
 */
export const fileServeRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    `/${FILES_DIR}/:kind/:name`,
    {
      schema: {
        operationId: 'getServedFile',
        tags: ['files'],
        summary: 'An uploaded file, at the URL its upload returned',
        params: Type.Object({ kind: Type.String(), name: Type.String() }),
      },
    },
    async (req, reply) => {
      const { kind, name } = req.params;
      const file = await findFileByPath(ctx.store, `${FILES_DIR}/${kind}/${name}`);
      const live = file && (file.expiresAt === null || file.expiresAt > ctx.clock.now());
      // Bytes in neither the database nor this instance's disk: an upload of an earlier release
      // that only the instance which took it holds, or bytes lost. Missing either way, never a 500.
      const bytes =
        file && live ? await openStoredBytes(ctx.store, ctx.config.dataDir, file.path) : undefined;
      if (!file || !bytes) {
        if (file && live) req.log.warn({ path: file.path }, 'an uploaded file has no bytes here');
        // The client API's envelope, though the path is outside /api: these URLs are what its
        // upload answers handed out, and the client reads the refusal the same way.
        const detail = `no file at ${req.url.split('?')[0]}`;
        return reply.code(CODES.A820.status).send(failure(req.id, 'A820', detail));
      }
      reply.header('content-type', file.mime);
      // The type is read from the bytes at upload: a browser must not guess another (script).
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-length', String(bytes.size));
      reply.header('cache-control', 'private, max-age=300');
      return reply.send(bytes.stream);
    },
  );
};
