/**
 * A lean HTTP/1.1 keep-alive client over raw sockets, one request in flight per connection. The load
 * generator shares two cores with the server and PostgreSQL, so it must spend as little CPU per request
 * as it can (node's http client costs several times more); it parses only status, headers and body length.
 */
import net from 'node:net';

export interface HttpResponse {
  status: number;
  /** The status line and headers, latin1. */
  head: string;
  body: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:[ \t]*chunked/i;

interface Pending {
  resolve: (response: HttpResponse) => void;
  reject: (error: Error) => void;
}

class Connection {
  readonly socket: net.Socket;
  alive = true;
  private buffered: Buffer | null = null;
  private pending: Pending | null = null;

  constructor(host: string, port: number, onGone: (connection: Connection) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const gone = (error: Error) => {
      if (!this.alive) return;
      this.alive = false;
      const pending = this.pending;
      this.pending = null;
      pending?.reject(error);
      onGone(this);
    };
    this.socket.on('error', gone);
    this.socket.on('close', () => gone(new Error('connection closed by the server')));
  }

  send(request: Buffer | string, timeoutMs?: number): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      if (!timeoutMs) {
        this.pending = { resolve, reject };
        this.socket.write(request);
        return;
      }
      // An answer that does not come in time: the connection is dropped (its late answer would be
      // taken for the next request's), and the caller decides whether to retry.
      const timer = setTimeout(
        () => this.socket.destroy(new Error(`no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.pending = {
        resolve: (response) => {
          clearTimeout(timer);
          resolve(response);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.socket.write(request);
    });
  }

  private onData(chunk: Buffer): void {
    const data = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    const headEnd = data.indexOf(HEAD_END);
    if (headEnd < 0) {
      this.buffered = data;
      return;
    }
    const head = data.toString('latin1', 0, headEnd);
    const bodyStart = headEnd + 4;
    const length = CONTENT_LENGTH.exec(head);
    let body: Buffer | null;
    if (length?.[1]) {
      const end = bodyStart + Number(length[1]);
      body = data.length >= end ? data.subarray(bodyStart, end) : null;
    } else if (CHUNKED.test(head)) {
      body = decodeChunked(data, bodyStart);
    } else {
      body = Buffer.alloc(0);
    }
    if (!body) {
      this.buffered = data;
      return;
    }
    this.buffered = null;
    const pending = this.pending;
    this.pending = null;
    pending?.resolve({ status: Number(head.slice(9, 12)), head, body });
  }
}

/** The decoded body once all of it arrived, else null. */
function decodeChunked(data: Buffer, start: number): Buffer | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
    if (size === 0) return data.length >= lineEnd + 4 ? Buffer.concat(parts) : null;
    const chunkEnd = lineEnd + 2 + size;
    if (data.length < chunkEnd + 2) return null;
    parts.push(data.subarray(lineEnd + 2, chunkEnd));
    at = chunkEnd + 2;
  }
}

/** Up to `maxConnections` keep-alive connections; requests beyond them wait for a free one. */
export class HttpPool {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly waiting: Array<(connection: Connection) => void> = [];

  constructor(
    readonly host: string,
    readonly port: number,
    private readonly maxConnections: number,
  ) {}

  get connections(): number {
    return this.all.size;
  }

  /** `timeoutMs` runs from when the request is written, not while it waits for a connection. */
  async request(request: Buffer | string, timeoutMs?: number): Promise<HttpResponse> {
    const connection = await this.acquire();
    try {
      return await connection.send(request, timeoutMs);
    } finally {
      this.release(connection);
    }
  }

  close(): void {
    for (const connection of this.all) connection.socket.destroy();
    this.all.clear();
    this.idle.length = 0;
  }

  private acquire(): Promise<Connection> | Connection {
    // A connection the server closed while idle is skipped (it left `all` already).
    for (let idle = this.idle.pop(); idle; idle = this.idle.pop()) if (idle.alive) return idle;
    if (this.all.size < this.maxConnections) {
      const connection = new Connection(this.host, this.port, (gone) => this.all.delete(gone));
      this.all.add(connection);
      return connection;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: Connection): void {
    if (!connection.alive) {
      // Hand the slot to a waiter with a fresh connection.
      const next = this.waiting.shift();
      if (next) {
        const fresh = new Connection(this.host, this.port, (gone) => this.all.delete(gone));
        this.all.add(fresh);
        next(fresh);
      }
      return;
    }
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }
}

/** The bytes of one request; `body` is sent as JSON. */
export function httpRequest(
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
  body?: string,
): string {
  let text = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n`;
  for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
  if (body !== undefined)
    text += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
  return `${text}\r\n${body ?? ''}`;
}

/** A header of a response head, or undefined. */
export function headerOf(head: string, name: string): string | undefined {
  const match = new RegExp(`\\r\\n${name}:[ \\t]*([^\\r]*)`, 'i').exec(head);
  return match?.[1];
}
