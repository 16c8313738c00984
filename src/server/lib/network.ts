/** Loopback, private, link-local and unique-local ranges: they name a proxy or a LAN, not a fan's network. */
const LOCAL = /^(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|0\.)/;

/**
 * The network an address belongs to, as the shield keeps it: an IPv4 /24 or an IPv6 /56 (what one home,
 * office or small provider holds), never the address itself. Null when it is neither, or a local range.
 */
export function networkOf(address: string | undefined): string | null {
  if (!address) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return LOCAL.test(`${v4[1]}.${v4[2]}.`) ? null : `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!address.includes(':')) return null;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const [a = '', b, c, d = '0'] = groups.map((g) => g.padStart(4, '0'));
  // ::1, link-local fe80::/10 and unique-local fc00::/7.
  if (groups.slice(0, 7).every((g) => /^0+$/.test(g)) || /^fe[89ab]|^f[cd]/.test(a)) return null;
  return `${a}:${b}:${c}:${d.slice(0, 2)}00::/56`;
}
