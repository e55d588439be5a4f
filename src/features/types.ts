import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../context.ts';

/** Every feature is a Fastify plugin given the shared context. */
export type FeaturePlugin = FastifyPluginAsyncTypebox<{ ctx: Ctx }>;
