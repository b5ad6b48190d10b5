// Which names and addresses are this machine's own (docs/security.md): what the browser boundary
// answers by default, and what the banner of `serve` warns about when the server listens beyond them.
import { isIP } from 'node:net';

/** The hostname of a `Host` header or a URL's host, lower case, without port, brackets or final dot. */
export function hostnameOf(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end < 0 ? name : name.slice(1, end);
  } else if (isIP(name) === 0) {
    // A bare IPv6 address (`--host ::1`) has no port to remove.
    const colon = name.lastIndexOf(':');
    if (colon >= 0) name = name.slice(0, colon);
  }
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * A loopback name or address (hostnameOf's form): `localhost` and every name below it (RFC 6761:
 * they resolve to loopback only), 127.0.0.0/8, and ::1.
 */
export function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (isIP(hostname) === 4) return hostname.startsWith('127.');
  return hostname === '::1' || hostname === '0:0:0:0:0:0:0:1' || hostname.startsWith('::ffff:127.');
}
