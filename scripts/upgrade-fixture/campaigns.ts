import { field, form, type Json, list, str, until } from './http.ts';
import type { FixtureBroadcast, FixtureReservation, Manifest } from './manifest.ts';
import { mp4 } from './media.ts';
import { kst, type World } from './world.ts';

/*
 * Reservations (done, pending, stopped, cancelled), brand message broadcasts (done, scheduled for
 * tomorrow), friend groups (completed, in progress) and a video, each in the state it is left in.
 */

const RESV = '/api/comm/v1/reservation';
const GM = '/api/comm/v1/center/brandmessage/groupMessage';
const FG = '/api/comm/v1/center/brandmessage/friendGroup';

export const VIP = Array.from({ length: 10 }, (_, i) => `0109100${String(i + 1).padStart(4, '0')}`);
const NEWCOMERS = Array.from({ length: 10 }, (_, i) => `0109200${String(i + 1).padStart(4, '0')}`);

export async function reserve(
  w: World,
  label: FixtureReservation['label'],
  to: string,
  resvSendTime: string,
): Promise<FixtureReservation> {
  const text = `Reservation ${label}.`;
  const data = await w.gw.api(w.key('polling'), 'POST', RESV, {
    resvSendTime,
    resvName: label,
    destinations: [{ to }],
    messageFlow: [{ sms: { from: w.accounts.polling.sender, text } }],
  });
  const resvKey = str(data, 'resvKey');
  const msgKey = str(list(data, 'data', 'destinations')[0], 'msgKey');
  if (label === 'stopped') await w.gw.api(w.key('polling'), 'POST', `${RESV}/resvKey/${resvKey}/stop`);
  if (label === 'cancelled') await w.gw.api(w.key('polling'), 'POST', `${RESV}/resvKey/${resvKey}/cancel`);
  return { label, resvKey, status: '', msgKey, to, resvSendTime };
}

export async function reservationStatus(w: World, resvKey: string): Promise<string> {
  const data = await w.gw.api(w.key('polling'), 'GET', `${RESV}/resvKey/${resvKey}`);
  const status = field(data, 'data', 'status') ?? field(data, 'data', 'reservation', 'status');
  if (typeof status !== 'string') throw new Error(`reservation ${resvKey}: ${JSON.stringify(data)}`);
  return status;
}

export async function friendGroup(w: World, friendGroupKey: string, complete: boolean): Promise<void> {
  const { senderKey } = w.accounts.polling;
  const phoneNumbers = friendGroupKey === 'vip' ? VIP : NEWCOMERS;
  await w.gw.api(w.key('polling'), 'POST', FG, { friendGroup: { senderKey, friendGroupKey, phoneNumbers } });
  if (complete) await w.gw.admin('POST', '/sandbox/v1/friend-groups/complete', { senderKey, friendGroupKey });
}

export async function friendGroups(w: World): Promise<Manifest['friendGroups']> {
  const { senderKey } = w.accounts.polling;
  const out: Manifest['friendGroups'] = [];
  for (const key of ['vip', 'newcomers']) {
    const g = await w.gw.api(w.key('polling'), 'GET', `${FG}?senderKey=${senderKey}&friendGroupKey=${key}`);
    const n = (name: string) => {
      const v = field(g, 'data', 'friendGroup', name);
      if (typeof v !== 'number') throw new Error(`friend group ${key}.${name}: ${JSON.stringify(g)}`);
      return v;
    };
    out.push({
      friendGroupKey: key,
      status: str(g, 'data', 'friendGroup', 'status'),
      userCount: n('userCount'),
      phoneNumberCount: n('phoneNumberCount'),
    });
  }
  return out;
}

export async function broadcast(w: World, label: FixtureBroadcast['label'], sendStartAt: string) {
  const { senderKey } = w.accounts.polling;
  const data = await w.gw.api(w.key('polling'), 'POST', GM, {
    brandmessage: { senderKey, templateCode: 'WEEKLY-1', friendGroupKey: 'vip', sendStartAt, tpsLimit: 100 },
  });
  const b: FixtureBroadcast = {
    label,
    requestId: str(data, 'data', 'brandmessage', 'requestId'),
    status: '',
    sendStartAt,
    sendCount: 0,
    friendGroupKey: 'vip',
    numbers: VIP,
  };
  return b;
}

export async function broadcastState(
  w: World,
  b: FixtureBroadcast,
): Promise<{ status: string; sendCount: number }> {
  const { senderKey } = w.accounts.polling;
  const data = await w.gw.api(
    w.key('polling'),
    'GET',
    `${GM}?senderKey=${senderKey}&requestId=${b.requestId}`,
  );
  const sendCount = field(data, 'data', 'brandmessage', 'sendCount');
  return {
    status: str(data, 'data', 'brandmessage', 'status'),
    sendCount: typeof sendCount === 'number' ? sendCount : -1,
  };
}

/** Moves the clock a second at a time (one chunk a move) until the broadcast is done. */
export async function runBroadcast(w: World, b: FixtureBroadcast): Promise<void> {
  await until(
    `broadcast ${b.requestId} done`,
    async () => {
      const s = await broadcastState(w, b);
      if (s.status === 'DONE' && s.sendCount === b.numbers.length) return true;
      await w.advance(1);
      return undefined;
    },
    60_000,
  );
}

const VIDEO = '/api/comm/v1/center/brandmessage/video';

/** Registers and uploads a video; it is PUBLIC once the clock passed its 10 s of encoding. */
export async function uploadVideo(w: World): Promise<{ vid: string; fileName: string; fileSize: number }> {
  const { senderKey } = w.accounts.polling;
  const fileName = 'promo.mp4';
  const bytes = mp4(64);
  const data = await w.gw.api(w.key('polling'), 'POST', `${VIDEO}/upload/register`, {
    senderKey,
    fileName,
    fileSize: bytes.length,
  });
  const vid = str(data, 'data', 'brandmessage', 'video', 'vid');
  const uploadUrl = new URL(str(data, 'data', 'brandmessage', 'video', 'uploadUrl'));
  const body = form({ bytes, name: fileName, type: 'video/mp4' });
  const res = await fetch(`${w.gw.base}${uploadUrl.pathname}`, {
    method: 'POST',
    headers: { 'x-upload-token': str(data, 'data', 'brandmessage', 'video', 'token') },
    body,
  });
  if (res.status !== 200) throw new Error(`video upload: ${res.status} ${await res.text()}`);
  return { vid, fileName, fileSize: bytes.length };
}

export async function videoRecord(w: World, vid: string): Promise<Json> {
  const { senderKey } = w.accounts.polling;
  const data = await w.gw.api(w.key('polling'), 'GET', `${VIDEO}?vid=${vid}&senderKey=${senderKey}`);
  return field(data, 'data', 'brandmessage', 'video') ?? null;
}

/** A time `minutes` after `ms` on a whole minute, as a reservation takes it. */
export function kstMinute(ms: number, minutes: number): string {
  return `${kst(ms + minutes * 60_000).slice(0, 16)}:00`;
}
