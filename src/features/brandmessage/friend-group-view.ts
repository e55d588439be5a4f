import { isoKst } from '../../clock.ts';
import type { FriendGroup } from '../../store/campaigns/friend-groups.ts';

/**
 * A friend group as the client API shows it (`data.data.friendGroup`): the spec's fields, plus
 * senderKey and phoneNumberCount (numbers in the group now). userCount and friendCount are those
 * of the last processing: 0 until the first one, unchanged while a change is IN_PROGRESS.
 */
export interface FriendGroupView {
  senderKey: string;
  friendGroupKey: string;
  requestId: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
  userCount: number;
  friendCount: number;
  phoneNumberCount: number;
  createdAt: string;
  modifiedAt: string;
}

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
export interface FriendGroupAccepted {
  senderKey: string;
  friendGroupKey: string;
  requestId: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
  phoneNumberCount: number;
  createdAt: string;
  modifiedAt: string;
}

export function acceptedView(g: FriendGroup): FriendGroupAccepted {
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
