import type { Static } from '@sinclair/typebox';
import type { DemoExample } from './demo-schemas.ts';

/*
 * The curl lines `omnigate demo` answers: one first send of each channel, as docs/api.md sends
 * them, then the handset's inbox and the reports. Each line is whole and pasteable into bash or
 * zsh as it is: every value the gateway chose is written in, nothing is left as a placeholder.
 */

export type DemoExampleView = Static<typeof DemoExample>;

/** What the lines name: what the demo registered, and where the gateway is. */
export interface DemoSetup {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly sender: string;
  readonly senderKey: string;
  readonly templateCode: string;
  readonly brandKey: string;
  readonly fileKey: string;
  readonly handset: string;
  /** How a line gets the admin token in the shell (`$(cat .../admin-token)`, `$OMNIGATE_ADMIN_TOKEN`). */
  readonly adminToken: string;
}

/** A 1x1 JPEG: an MMS image that needs no file of the operator's (the one docs/api.md uses). */
const DEMO_JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

/** `s` as one shell word: as it is when that is safe, else in single quotes. */
export function shellWord(s: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

export function demoExamples(s: DemoSetup): DemoExampleView[] {
  const url = (path: string) => shellWord(`${s.baseUrl}${path}`);
  const key = shellWord(`Authorization: ${s.apiKey}`);
  const json = shellWord('Content-Type: application/json');
  // -w '\n': each answer on a line of its own, not run into the next prompt.
  const curl = `curl -s -w '\\n'`;
  const send = (step: Record<string, unknown>, to: Record<string, unknown> = {}) =>
    `${curl} -X POST ${url('/api/comm/v1/send/omni')} -H ${key} -H ${json} -d ${shellWord(
      JSON.stringify({ destinations: [{ to: s.handset, ...to }], messageFlow: [step] }),
    )}`;
  const text = 'Hello from the Omnigate demo';
  return [
    {
      name: 'sms',
      title: 'SMS',
      description: 'At most 90 bytes (ASCII counts 1, Korean 2) from the registered sender number.',
      lines: [send({ sms: { from: s.sender, text } })],
    },
    {
      name: 'lms',
      title: 'LMS',
      description: 'An mms step without fileKey: a title and up to 2,000 bytes of text.',
      lines: [
        send({
          mms: {
            from: s.sender,
            title: 'Omnigate demo',
            text: `${text}: an LMS carries a title and a longer text than an SMS.`,
          },
        }),
      ],
    },
    {
      name: 'mms',
      title: 'MMS',
      description: `Uploads a small JPEG (read from stdin, no file written) under the fileKey ${s.fileKey}, then sends it.`,
      lines: [
        `printf '%s' ${shellWord(DEMO_JPEG_BASE64)} | base64 -d | ${curl} -X POST ${url('/api/comm/v1/file/mms')} -H ${key} -F fileKey=${shellWord(s.fileKey)} -F 'file=@-;filename=demo.jpg;type=image/jpeg'`,
        send({
          mms: { from: s.sender, title: 'Omnigate demo', text: `${text}: a picture.`, fileKey: [s.fileKey] },
        }),
      ],
    },
    {
      name: 'infomsg',
      title: 'Informational message',
      description: `The approved template ${s.templateCode} of the sender profile ${s.senderKey}, its #{name} filled per recipient.`,
      lines: [
        send(
          { infomsg: { senderKey: s.senderKey, templateCode: s.templateCode, sendType: 'template' } },
          { replaceWords: { name: 'Kim' } },
        ),
      ],
    },
    {
      name: 'rcs',
      title: 'RCS',
      description: `A short text (format SS000000) from the RCS brand ${s.brandKey}.`,
      lines: [send({ rcs: { brandKey: s.brandKey, formatId: 'SS000000', body: { description: text } } })],
    },
    {
      name: 'brandmessage',
      title: 'Brand message',
      description: "A free-form text (FT) to the sender profile's channel friends (the handset is one).",
      lines: [
        send({
          brandmessage: { sendType: 'free', msgType: 'FT', senderKey: s.senderKey, content: `${text}.` },
        }),
      ],
    },
    {
      name: 'inbox',
      title: 'Handset inbox',
      description: `What the simulated handset ${s.handset} received (the sandbox API, with the admin token).`,
      lines: [
        `${curl} ${url(`/sandbox/v1/handsets/${s.handset}/inbox`)} -H "Authorization: Bearer ${s.adminToken}"`,
      ],
    },
    {
      name: 'reports',
      title: 'Delivery reports',
      description:
        'A batch of reports under a reportId; acknowledge it with DELETE /api/comm/v1/report/polling/{reportId}, or every poll answers it again.',
      lines: [`${curl} ${url('/api/comm/v1/report/polling')} -H ${key}`],
    },
  ];
}
