import { isoKst } from '../../clock.ts';
import type { FriendGroup } from '../../store/campaigns/friend-groups.ts';
import type { FriendGroupAcceptedView, FriendGroupView } from './friend-group-schema.ts';

/** A friend group as the client API shows it (`data.data.friendGroup`). */
export function groupView(g: FriendGroup): FriendGroupView {
  return {
    senderKey: g.senderKey,
    friendGroupKey: g.friendGroupKey,
    requestId: g.requestId,
    status: g.status,
    userCount: g.userCount,
    friendCount: g.friendCount,
    phoneNumberCount: g.numberCount,
    createdAt: isoKst(g.createdAt),
    modifiedAt: isoKst(g.modifiedAt),
  };
}

/** What registration and the number changes answer: the request's outcome, before processing. */
export function acceptedView(g: FriendGroup): FriendGroupAcceptedView {
  return {
    senderKey: g.senderKey,
    friendGroupKey: g.friendGroupKey,
    requestId: g.requestId,
    status: g.status,
    phoneNumberCount: g.numberCount,
    createdAt: isoKst(g.createdAt),
    modifiedAt: isoKst(g.modifiedAt),
  };
}
