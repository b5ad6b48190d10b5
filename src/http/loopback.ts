// Which names and addresses are this machine's own (docs/security.md): what the browser boundary
// answers by default, and what the banner of `serve` warns about when the server listens beyond them;
// and the values of the options that widen the boundary. Nothing else is loaded with it: the command
// line checks its options with it before any server starts.
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

/** The word that turns the `Host` check off. */
export const ALL_HOSTS = 'all';

/** What is wrong with an `--allowed-host` value, or undefined. */
export function allowedHostProblem(value: string): string | undefined {
  const name = value.trim();
  if (name === '' || name.includes('/') || name.includes('@') || /\s/.test(name)) {
    return `"${value}" is not a host name: give one such as mock.example.test, .example.test for it and the names below it, or ${ALL_HOSTS} to answer every name`;
  }
  return undefined;
}

/** What is wrong with a `--cors-origin` value, or undefined. */
export function corsOriginProblem(value: string): string | undefined {
  const text = value.trim();
  if (text === '*' || text === 'null') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (
    url &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.origin === text.replace(/\/$/, '')
  ) {
    return undefined;
  }
  return `"${value}" is not an origin: give the scheme, host and port of the page, such as http://192.168.1.20:5173 (no path), null for a sandboxed or file page, or * for every origin`;
}
