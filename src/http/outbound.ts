import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The variable that lets the gateway reach more than public addresses. */
export const ALLOW_VARIABLE = 'OMNIGATE_WEBHOOK_ALLOW';

/** Resolves a host name to its addresses (the system's resolver; tests give a stub). */
export type Resolve = (host: string) => Promise<readonly LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/**
 * The address ranges a request the gateway makes on its own never goes to unless allowed: a URL
 * given by a user (a webhook) must not reach the gateway itself, the machines beside it or the
 * cloud's metadata service. Each with the words a refusal uses.
 */
const REFUSED: ReadonlyArray<{ what: string; v4: readonly string[]; v6: readonly string[] }> = [
  { what: 'an unspecified address', v4: ['0.0.0.0/8'], v6: ['::/128'] },
  { what: 'a loopback address', v4: ['127.0.0.0/8'], v6: ['::1/128'] },
  {
    what: 'a link-local address (the cloud metadata service lives there)',
    v4: ['169.254.0.0/16'],
    v6: ['fe80::/10'],
  },
  { what: 'a private address', v4: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'], v6: [] },
  { what: 'a shared (carrier-grade NAT) address', v4: ['100.64.0.0/10'], v6: [] },
  { what: 'a unique-local address', v4: [], v6: ['fc00::/7'] },
  { what: 'a multicast address', v4: ['224.0.0.0/4'], v6: ['ff00::/8'] },
  { what: 'a reserved address', v4: ['240.0.0.0/4'], v6: [] },
];

const REFUSED_LISTS = REFUSED.map((r) => {
  const list = new BlockList();
  for (const c of r.v4) addCidr(list, c, 'ipv4');
  for (const c of r.v6) addCidr(list, c, 'ipv6');
  return { what: r.what, list };
});

function addCidr(list: BlockList, cidr: string, type: 'ipv4' | 'ipv6'): void {
  const [net = '', bits = ''] = cidr.split('/');
  list.addSubnet(net, Number(bits), type);
}

/**
 * The IPv4 address an IPv6 one carries, if any: IPv4-mapped (::ffff:a.b.c.d, also written
 * ::ffff:7f00:1), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96). Each reaches the IPv4
 * address it names, so each is judged as that address.
 */
function embeddedV4(address: string): string | null {
  const groups = expandV6(address);
  if (!groups) return null;
  const top = groups.slice(0, 6);
  const mapped = top.slice(0, 5).every((g) => g === 0) && (top[5] === 0xffff || top[5] === 0);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && top.slice(2).every((g) => g === 0);
  if (!mapped && !nat64) return null;
  const hi = groups[6] ?? 0;
  const lo = groups[7] ?? 0;
  // ::1 and :: are IPv6's own loopback and unspecified, not IPv4-compatible addresses.
  if (!nat64 && top[5] === 0 && hi === 0 && lo <= 1) return null;
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function expandV6(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(Math.max(0, fill)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** What an address is when refused (`a loopback address`), or null when it is public. */
export function refusedKind(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4 !== null) return refusedKind(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (family === 4 && address === '255.255.255.255') return 'the broadcast address';
  for (const r of REFUSED_LISTS) if (r.list.check(address, type)) return r.what;
  return null;
}

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  readonly code = 'EOUTBOUNDREFUSED';
}

/** A host name as compared: lowercase, without the brackets of an IPv6 literal or a final dot. */
function canonicalHost(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;

/** A DNS name: dot-separated labels of letters, digits, `-` and `_`, an optional final dot. */
function isHostName(name: string): boolean {
  const labels = name.replace(/\.$/, '').split('.');
  return name.length <= 253 && labels.every((l) => LABEL.test(l));
}

/**
 * Parses OMNIGATE_WEBHOOK_ALLOW: CIDR ranges (`10.1.0.0/16`, `fd00::/8`), single addresses and
 * host names, comma-separated. Throws naming the first entry it cannot read.
 */
export function parseAllowList(value: string): string[] {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const e of entries) {
    const [net = '', bits, extra] = e.split('/');
    if (extra !== undefined)
      throw new Error(`${ALLOW_VARIABLE}: ${e} is not a CIDR range, an address or a host name`);
    const family = isIP(net);
    if (family !== 0) {
      const max = family === 4 ? 32 : 128;
      if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max)) {
        throw new Error(`${ALLOW_VARIABLE}: ${e} has a prefix length outside 0-${max}`);
      }
      continue;
    }
    if (bits !== undefined || !isHostName(net)) {
      throw new Error(`${ALLOW_VARIABLE}: ${e} is not a CIDR range, an address or a host name`);
    }
  }
  return entries;
}

/**
 * Where requests the gateway makes on its own (report and MO webhooks) may go: public addresses,
 * and what the operator allows (OMNIGATE_WEBHOOK_ALLOW). A name is judged by the addresses it
 * resolves to when the connection is made, not only when the URL was set: a name that pointed
 * to a public address then and to the loopback now is refused now (DNS rebinding).
 */
export class OutboundPolicy {
  readonly #names = new Set<string>();
  readonly #ranges = new BlockList();
  readonly #resolve: Resolve;

  constructor(allow: readonly string[], resolve: Resolve = systemResolve) {
    this.#resolve = resolve;
    for (const e of allow) {
      const [net = '', bits] = e.split('/');
      const family = isIP(net);
      if (family === 0) this.#names.add(canonicalHost(e));
      else {
        const type = family === 4 ? 'ipv4' : 'ipv6';
        this.#ranges.addSubnet(net, bits === undefined ? (family === 4 ? 32 : 128) : Number(bits), type);
      }
    }
  }

  /** Why an address (reached through `host`) is refused, or null when it may be reached. */
  refusal(host: string, address: string): string | null {
    if (this.#names.has(canonicalHost(host))) return null;
    const family = isIP(address);
    const v4 = family === 6 ? embeddedV4(address) : null;
    if (v4 !== null && this.#ranges.check(v4, 'ipv4')) return null;
    if (family !== 0 && this.#ranges.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
    const kind = refusedKind(address);
    if (kind === null) return null;
    const named = v4 !== null ? `${address} (${v4})` : address;
    const shown = canonicalHost(host) === address ? `${named} is` : `${host} resolves to ${named},`;
    return `${shown} ${kind}: the gateway does not post there unless ${ALLOW_VARIABLE} lists it (e.g. ${ALLOW_VARIABLE}=127.0.0.0/8,::1 for a receiver on this machine)`;
  }

  /**
   * Judges a URL when it is set: its host if it is an address, else what the name resolves to
   * now. A name that does not resolve now is not refused (it may later); the post judges again.
   */
  async urlRefusal(url: URL): Promise<string | null> {
    const host = canonicalHost(url.hostname);
    if (isIP(host) !== 0) return this.refusal(host, host);
    return this.#nameRefusal(host);
  }

  /**
   * Why a URL whose host is an address literal is refused (null for a name, or an address that
   * may be reached): no lookup judges a literal, so the caller does before it connects.
   */
  literalRefusal(url: URL): string | null {
    const host = canonicalHost(url.hostname);
    return isIP(host) !== 0 ? this.refusal(host, host) : null;
  }

  async #nameRefusal(host: string): Promise<string | null> {
    if (this.#names.has(host)) return null;
    let addresses: readonly LookupAddress[];
    try {
      addresses = await this.#resolve(host);
    } catch {
      return null;
    }
    for (const a of addresses) {
      const why = this.refusal(host, a.address);
      if (why !== null) return why;
    }
    return null;
  }

  /**
   * A `lookup` for net.connect (undici's connect options): the name is resolved here and every
   * address it gives is judged before any is connected to. An IP literal never reaches a lookup:
   * the caller judges it (urlRefusal) before the request.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const all = options.all === true;
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    this.#resolve(hostname).then(
      (resolved) => {
        const addresses =
          family === 4 || family === 6 ? resolved.filter((a) => a.family === family) : resolved;
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
          return;
        }
        for (const a of addresses) {
          const why = this.refusal(hostname, a.address);
          if (why !== null) {
            callback(new OutboundRefused(why), '');
            return;
          }
        }
        const first = addresses[0] as LookupAddress;
        if (all) callback(null, [...addresses]);
        else callback(null, first.address, first.family);
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), ''),
    );
  };
}
