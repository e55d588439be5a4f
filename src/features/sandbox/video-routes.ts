import { setStateByHand } from '../brandmessage/video-manage.ts';
import { SandboxStateBody, VidParams } from '../brandmessage/video-schema.ts';
import type { FeaturePlugin } from '../types.ts';

/** POST /sandbox/v1/videos/{vid}/state: moves a video to any state of the spec's list. */
export const sandboxVideoRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post(
    '/videos/:vid/state',
    {
      schema: {
        operationId: 'setVideoState',
        tags: ['sandbox'],
        summary: 'Move a video to a state (ENCODING then finishes by itself on the clock)',
        params: VidParams,
        body: SandboxStateBody,
      },
    },
    async (req) => ({ video: await setStateByHand(ctx, req.params.vid, req.body.status) }),
  );
};
