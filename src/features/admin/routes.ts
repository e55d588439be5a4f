import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../context.ts';

/** The operator API (design.md §4). */
export const adminRoutes: FastifyPluginAsyncTypebox<{ ctx: Ctx; onKeysChanged: () => void }> = async () => {};
