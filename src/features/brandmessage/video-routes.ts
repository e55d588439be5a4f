import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import type { FeaturePlugin } from '../types.ts';
import { listVideos, registerExisting, registerUpload, viewVideo } from './video-manage.ts';
import { ListQuery, RegisterBody, UploadRegisterBody, VideoQuery } from './video-schema.ts';

const BASE = '/api/comm/v1/center/brandmessage/video';
const tags = ['brand message videos'];
const security = [{ apiKey: [] }];

function accountOf(principal: KeyPrincipal | null): string {
  if (!principal) throw new GatewayError('A401');
  return principal.account.id;
}

/** Brand message videos (behind the API key); every answer is `data.data.brandmessage.video`. */
export const videoRoutes: FeaturePlugin = async (app, { ctx }) => {
  const answer = (trId: string, video: unknown) => success(trId, { brandmessage: { video } });

  app.post(
    `${BASE}/upload/register`,
    {
      schema: {
        operationId: 'registerVideoUpload',
        tags,
        security,
        summary: 'Register a video upload → vid, uploadUrl and token (valid 5 minutes)',
        body: UploadRegisterBody,
      },
    },
    async (req) => answer(req.id, await registerUpload(ctx, accountOf(req.principal), req.body)),
  );

  app.post(
    `${BASE}/register`,
    {
      schema: {
        operationId: 'registerExistingVideo',
        tags,
        security,
        summary: 'Register an existing (PUBLIC or PRIVATE) video by vid or videoUrl',
        body: RegisterBody,
      },
    },
    async (req) => answer(req.id, await registerExisting(ctx, accountOf(req.principal), req.body)),
  );

  app.get(
    BASE,
    { schema: { operationId: 'getVideo', tags, security, summary: 'One video', querystring: VideoQuery } },
    async (req) => answer(req.id, await viewVideo(ctx, accountOf(req.principal), req.query)),
  );

  app.get(
    `${BASE}/list`,
    {
      schema: {
        operationId: 'listVideos',
        tags,
        security,
        summary: 'Videos of the senderKey’s channel, in registration order, offset paging',
        querystring: ListQuery,
      },
    },
    async (req) => {
      const { offset = 0, limit = 100, ...rest } = req.query;
      return answer(req.id, await listVideos(ctx, accountOf(req.principal), { ...rest, offset, limit }));
    },
  );
};
