/* Rules of brand message videos: states, accepted files, the video address. No I/O. */

/** The spec's states of a video. */
export const VIDEO_STATES = [
  'REGISTERED',
  'ENCODING',
  'PUBLIC',
  'PRIVATE',
  'VIOLATED',
  'ILLEGAL',
  'DELETED',
  'ERROR',
] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** Only these can be registered as an existing video (PRIVATE: templates only). */
export const USABLE_STATES: readonly VideoState[] = ['PUBLIC', 'PRIVATE'];

/** The spec: the upload address and token are valid for 5 minutes. */
export const UPLOAD_TTL_MS = 5 * 60_000;
/** Largest video accepted (the spec names no limit). */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const FILE_NAME_MAX = 200;
/** Encoding is asynchronous: it finishes this long after the upload, on the gateway clock. */
export const ENCODE_DELAY_MS = 10_000;

/**
 * The host of video addresses, `https://<channel_host>/<channel_id>/videos/<vid>`: the
 * messaging platform's video service, which the gateway names but does not serve.
 */
export const CHANNEL_HOST = 'tv.omnigate.invalid';

type Container = 'iso' | 'quicktime' | 'avi';

/** Accepted file name extensions and the container their content must be. */
const FORMATS: Readonly<Record<string, Container>> = { mp4: 'iso', m4v: 'iso', mov: 'quicktime', avi: 'avi' };
export const VIDEO_EXTENSIONS = Object.keys(FORMATS);

export function containerOf(ext: string): Container | undefined {
  return Object.hasOwn(FORMATS, ext) ? FORMATS[ext] : undefined;
}

/** Bytes of the file's start that sniffing reads. */
export const SNIFF_BYTES = 12;

/** Top-level QuickTime atoms a .mov may start with (older files have no ftyp). */
const QUICKTIME_FIRST = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * Why the file's first bytes are not of the container, or undefined when they are: MP4 starts
 * with an `ftyp` box (its type at offset 4), QuickTime with an atom, AVI is a RIFF `AVI ` file.
 */
export function sniffMismatch(container: Container, head: Buffer): string | undefined {
  const at4 = head.subarray(4, 8).toString('latin1');
  switch (container) {
    case 'iso':
      return at4 === 'ftyp' ? undefined : 'content is not an MP4 video (no ftyp box at offset 4)';
    case 'quicktime':
      return QUICKTIME_FIRST.has(at4) ? undefined : 'content is not a QuickTime video (no atom at offset 4)';
    case 'avi':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' &&
        head.subarray(8, 12).toString('latin1') === 'AVI '
        ? undefined
        : 'content is not an AVI video (no RIFF AVI header)';
  }
}

export function videoUrlOf(channelId: string, vid: string): string {
  return `https://${CHANNEL_HOST}/${encodeURIComponent(channelId)}/videos/${encodeURIComponent(vid)}`;
}

/** `https://<channel_host>/<channel_id>/videos/<vid>` → its parts, or undefined when not of that shape. */
export function parseVideoUrl(text: string): { host: string; channelId: string; vid: string } | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.search !== '' || url.hash !== '') return undefined;
  const m = /^\/([^/]+)\/videos\/([^/]+)\/?$/.exec(url.pathname);
  if (!m?.[1] || !m[2]) return undefined;
  try {
    return { host: url.host, channelId: decodeURIComponent(m[1]), vid: decodeURIComponent(m[2]) };
  } catch {
    return undefined;
  }
}
