import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import {
  countGroupTags,
  deleteGroupTag,
  findGroupTag,
  findGroupTagByName,
  type GroupTag,
  insertGroupTag,
  listGroupTags,
  renameGroupTag,
} from '../../store/campaigns/group-tags.ts';
import { ownProfile } from './friend-group-manage.ts';
import type { GroupTagsT, GroupTagView } from './friend-group-schema.ts';

const GROUP_TAG_KEY = /^[A-Za-z0-9._-]{1,50}$/;
export const GROUP_TAG_NAME_MAX = 50;
export const GROUP_TAGS_MAX = 100;

function tagView(t: GroupTag): GroupTagView {
  return {
    senderKey: t.senderKey,
    groupTagKey: t.groupTagKey,
    groupTagName: t.groupTagName,
    createdAt: isoKst(t.createdAt),
    modifiedAt: isoKst(t.modifiedAt),
  };
}

/** The request body: the spec's groupTag lacks senderKey, so it may sit inside it or beside it. */
export interface GroupTagBody {
  senderKey?: string | undefined;
  groupTag: { senderKey?: string | undefined; groupTagKey: string; groupTagName: string };
}

interface CheckedTag {
  senderKey: string;
  groupTagKey: string;
  groupTagName: string;
}

function checkBody(body: GroupTagBody): CheckedTag {
  const inner = body.groupTag.senderKey;
  const outer = body.senderKey;
  if (inner !== undefined && outer !== undefined && inner !== outer) {
    throw new GatewayError('A300', 'senderKey and groupTag.senderKey differ');
  }
  const senderKey = inner ?? outer;
  if (!senderKey) throw new GatewayError('A300', 'groupTag.senderKey (or senderKey) is required');
  const { groupTagKey, groupTagName } = body.groupTag;
  if (!GROUP_TAG_KEY.test(groupTagKey)) {
    throw new GatewayError('A761', `groupTag.groupTagKey ${JSON.stringify(groupTagKey.slice(0, 60))}`);
  }
  const chars = [...groupTagName].length;
  if (chars < 1 || chars > GROUP_TAG_NAME_MAX || groupTagName.trim() === '') {
    throw new GatewayError('A762', `groupTag.groupTagName has ${chars} characters`);
  }
  return { senderKey, groupTagKey, groupTagName };
}

export async function createGroupTag(ctx: Ctx, accountId: string, body: GroupTagBody): Promise<GroupTagsT> {
  const c = checkBody(body);
  await ownProfile(ctx, accountId, c.senderKey, 'groupTag.senderKey');
  if ((await countGroupTags(ctx.store, c.senderKey)) >= GROUP_TAGS_MAX) {
    throw new GatewayError('A766', `senderKey ${c.senderKey} has ${GROUP_TAGS_MAX} group tags`);
  }
  const now = ctx.clock.now();
  const tag: GroupTag = { ...c, accountId, createdAt: now, modifiedAt: now };
  if (!(await insertGroupTag(ctx.store, tag))) {
    // Which of the two unique rules refused it (the key is checked first).
    if (await findGroupTag(ctx.store, c.senderKey, c.groupTagKey)) {
      throw new GatewayError('A763', `groupTag.groupTagKey ${c.groupTagKey}`);
    }
    throw new GatewayError('A764', `groupTag.groupTagName ${JSON.stringify(c.groupTagName)}`);
  }
  return { groupTags: [tagView(tag)] };
}

export async function updateGroupTag(ctx: Ctx, accountId: string, body: GroupTagBody): Promise<GroupTagsT> {
  const c = checkBody(body);
  await ownProfile(ctx, accountId, c.senderKey, 'groupTag.senderKey');
  const holder = await findGroupTagByName(ctx.store, c.senderKey, c.groupTagName);
  const nameTaken = () => new GatewayError('A764', `groupTag.groupTagName ${JSON.stringify(c.groupTagName)}`);
  if (holder && holder.groupTagKey !== c.groupTagKey) throw nameTaken();
  const r = await renameGroupTag(ctx.store, c.senderKey, c.groupTagKey, c.groupTagName, ctx.clock.now());
  if (r === 'missing') throw new GatewayError('A765', `groupTag.groupTagKey ${c.groupTagKey}`);
  if (r === 'nameTaken') throw nameTaken();
  return { groupTags: [tagView(r)] };
}

async function ownTag(
  ctx: Ctx,
  accountId: string,
  senderKey: string,
  groupTagKey: string,
): Promise<GroupTag> {
  await ownProfile(ctx, accountId, senderKey, 'senderKey');
  const t = await findGroupTag(ctx.store, senderKey, groupTagKey);
  if (!t)
    throw new GatewayError('A765', `groupTagKey ${JSON.stringify(groupTagKey)} of senderKey ${senderKey}`);
  return t;
}

export async function viewGroupTag(
  ctx: Ctx,
  accountId: string,
  q: { senderKey: string; groupTagKey: string },
): Promise<GroupTagsT> {
  return { groupTags: [tagView(await ownTag(ctx, accountId, q.senderKey, q.groupTagKey))] };
}

export async function listTags(ctx: Ctx, accountId: string, senderKey: string): Promise<GroupTagsT> {
  await ownProfile(ctx, accountId, senderKey, 'senderKey');
  return { groupTags: (await listGroupTags(ctx.store, senderKey)).map(tagView) };
}

export async function removeGroupTag(ctx: Ctx, accountId: string, senderKey: string, groupTagKey: string) {
  await ownTag(ctx, accountId, senderKey, groupTagKey);
  if (!(await deleteGroupTag(ctx.store, senderKey, groupTagKey))) {
    throw new GatewayError('A765', `groupTagKey ${JSON.stringify(groupTagKey)} of senderKey ${senderKey}`);
  }
}
