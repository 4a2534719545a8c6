import { networkInterfaces } from 'node:os';
import { isLoopbackAddress } from './loopback.js';

/**
 * The `Host` values the sandbox answers: loopback names with its own port, plus the address it was
 * bound to (for `--host 192.168.1.5`, or every interface address of the machine for a wildcard
 * bind). Any other name — `evil.example` resolving to 127.0.0.1 by DNS rebinding — gets 421, on
 * every route: a page on another site must not reach the controls or the website's forms.
 */
export function allowedHosts(boundHost: string, port: number): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const wildcard = boundHost === '0.0.0.0' || boundHost === '::';
  const addresses = wildcard
    ? Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address))
    : [boundHost];
  for (const address of addresses) names.add(address.includes(':') ? `[${address}]` : address);
  return new Set([...names].map((name) => `${name.toLowerCase()}:${port}`));
}

/** True when the bound address is reachable from other machines (not loopback). */
export function exposesBeyondLoopback(boundHost: string): boolean {
  return boundHost !== 'localhost' && !isLoopbackAddress(boundHost);
}
