/**
 * DNS rebinding protection: the emulator answers only requests whose `Host` names it.
 * A page a developer visits can point a name of its own at 127.0.0.1 and, once the
 * browser sends requests there, read the tenant with the demo client's public
 * credentials and set faults; its requests carry that name in `Host`. So a request is
 * served when its host is `localhost`, an IP address (a literal cannot be rebound), the
 * host the emulator listens on, or one of the names given (`allowedHosts`,
 * `--allowed-host`); any other gets a 403. A request without `Host` (HTTP/1.0) comes from
 * no browser and is served.
 */

/** The host part of a `Host` header, lower case, without the port; IPv6 keeps its brackets. */
function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    return close === -1 ? value : value.slice(0, close + 1);
  }
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const IPV6 = /^\[[0-9a-f:.]+(%[\w.-]+)?\]$/;

/** Names as a `Host` header carries them: lower case, IPv6 in brackets, no trailing dot. */
function normalise(name: string): string {
  const lower = name.trim().toLowerCase().replace(/\.$/, '');
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** Tells whether a request with this `Host` header may be served. */
export function hostFilter(
  listenHost: string,
  allowed: readonly string[] = [],
): (header: string | undefined) => boolean {
  const names = new Set(['localhost', normalise(listenHost), ...allowed.map(normalise)]);
  return (header) => {
    if (header === undefined) return true;
    const name = hostName(header).replace(/\.$/, '');
    return names.has(name) || IPV4.test(name) || IPV6.test(name);
  };
}

/** The 403's message, naming the host (clipped, printable only) and how to allow it. */
export function hostRefusal(header: string): string {
  const shown = hostName(header)
    .replace(/[^\x21-\x7e]/g, '?')
    .slice(0, 100);
  return `the emulator does not serve the host '${shown}' (a guard against DNS rebinding); serve it under this name with --allowed-host ${shown} (allowedHosts in code)`;
}
