import type { LiveSocket, SocketRegistry } from './live-registry';

/** The heartbeat pings a tenth of the sockets each tenth of its period. */
const HEARTBEAT_SLICES = 10;

/**
 * Pings each socket once per `periodMs`, a slice of them at a time (pinging 20,000 at once would hold up
 * a broadcast due meanwhile by a good part of a second); one that has not answered the previous ping is
 * cut. Returns the stop function.
 */
export function startHeartbeat(registry: SocketRegistry, periodMs: number): () => void {
  let pinging: IterableIterator<LiveSocket> = registry.values();
  const timer = setInterval(() => {
    let budget = Math.ceil(registry.size / HEARTBEAT_SLICES);
    while (budget > 0) {
      const next = pinging.next();
      if (next.done) {
        pinging = registry.values();
        break;
      }
      budget -= 1;
      const socket = next.value;
      if (!socket.alive) {
        socket.ws.terminate();
        registry.drop(socket);
        continue;
      }
      socket.alive = false;
      socket.ws.ping();
    }
  }, periodMs / HEARTBEAT_SLICES);
  timer.unref();
  return () => clearInterval(timer);
}
