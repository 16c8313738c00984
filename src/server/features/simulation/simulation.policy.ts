import { isIP } from 'node:net';
import type { UserRow } from '../../db/schema';

/** A name or address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

/**
 * Why SIMULATION may not be on with this configuration, or null. A real deployment has a public URL; the
 * bind address must be loopback too, since a forgotten PUBLIC_URL defaults to localhost while HOST
 * defaults to every interface. Together they keep the fast sign-up and read-back off anything reachable.
 */
export function simulationRefusal(config: { HOST: string; PUBLIC_URL?: string | undefined }): string | null {
  if (config.PUBLIC_URL) {
    let hostname: string;
    try {
      hostname = new URL(config.PUBLIC_URL).hostname;
    } catch {
      return 'SIMULATION needs a valid PUBLIC_URL';
    }
    if (!isLoopbackHost(hostname))
      return `SIMULATION is for test runs only and refuses a public PUBLIC_URL (${config.PUBLIC_URL}); unset it`;
  }
  if (!isLoopbackHost(config.HOST))
    return `SIMULATION is for test runs only: HOST must be a loopback address such as 127.0.0.1 (got ${config.HOST})`;
  return null;
}

/**
 * The simulation routes create accounts and read every fan's ratings: admins only. The simulator signs
 * in as the admin anyway to run the match, so no separate secret is configured (or leaked).
 */
export function mayRunSimulation(user: UserRow): boolean {
  return user.isAdmin;
}
