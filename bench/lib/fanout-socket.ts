/**
 * A lean WebSocket client over a raw TCP socket, for the fanout benchmark's client processes: the
 * upgrade, server frames (never masked, never compressed: both servers have compression off) and pongs
 * to the server's pings. Each message costs it a frame header read and a callback, far less than the
 * `ws` client's stream machinery; the client processes share the cores with the server under test, so
 * what they spend delays it (the same reasoning as tests/support/http-client.ts). Not a general client: no
 * extensions, no validation of the text, no sending of data.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

export interface LeanSocketHandlers {
  /** The upgrade was accepted. */
  onOpen(): void;
  /** A whole text or binary message. */
  onMessage(data: Buffer): void;
  /** The socket is gone; `error` says why when it was not asked to close. */
  onClose(error: string | null): void;
}

export class LeanSocket {
  open = false;
  private closed = false;
  private pending: Buffer | null = null;
  /** The fragments of a message sent in several frames (ws never does, but the protocol allows it). */
  private fragments: Buffer[] = [];
  private readonly socket: net.Socket;

  constructor(
    host: string,
    port: number,
    path: string,
    headers: Record<string, string>,
    private readonly handlers: LeanSocketHandlers,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    let request = `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`;
    request += `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n`;
    for (const [name, value] of Object.entries(headers)) request += `${name}: ${value}\r\n`;
    this.socket.write(`${request}\r\n`);
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error: Error) => this.close(error.message));
    this.socket.on('close', () => this.close('closed by the server'));
  }

  terminate(): void {
    this.close(null);
  }

  private close(error: string | null): void {
    if (this.closed) return;
    this.closed = true;
    this.open = false;
    this.socket.destroy();
    this.handlers.onClose(error);
  }

  private onData(chunk: Buffer): void {
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    if (!this.open) {
      const end = data.indexOf(HEAD_END);
      if (end < 0) {
        this.pending = data;
        return;
      }
      const status = data.toString('latin1', 0, Math.min(end, 40));
      if (!status.startsWith('HTTP/1.1 101')) {
        this.close(`upgrade refused: ${status.split('\r\n')[0]}`);
        return;
      }
      this.open = true;
      this.handlers.onOpen();
      data = data.subarray(end + 4);
    }
    let at = 0;
    while (!this.closed) {
      const frame = this.frameAt(data, at);
      if (!frame) break;
      this.onFrame(frame.opcode, frame.fin, data.subarray(frame.start, frame.end));
      at = frame.end;
    }
    if (at < data.length && !this.closed) this.pending = data.subarray(at);
  }

  /** The frame starting at `at`, if all of it is there. */
  private frameAt(data: Buffer, at: number) {
    if (data.length - at < 2) return null;
    const first = data[at] as number;
    const second = data[at + 1] as number;
    if (second & 0x80) {
      this.close('a masked frame from the server');
      return null;
    }
    let length = second & 0x7f;
    let start = at + 2;
    if (length === 126) {
      if (data.length - at < 4) return null;
      length = data.readUInt16BE(at + 2);
      start = at + 4;
    } else if (length === 127) {
      if (data.length - at < 10) return null;
      length = Number(data.readBigUInt64BE(at + 2));
      start = at + 10;
    }
    if (data.length < start + length) return null;
    return { fin: (first & 0x80) !== 0, opcode: first & 0x0f, start, end: start + length };
  }

  private onFrame(opcode: number, fin: boolean, payload: Buffer): void {
    switch (opcode) {
      case 0x0: // continuation
      case 0x1: // text
      case 0x2: // binary
        if (!fin || this.fragments.length > 0) {
          // Copied: the chunk it lies in is reused for nothing, but a later concat must own it.
          this.fragments.push(Buffer.from(payload));
          if (!fin) return;
          const whole = Buffer.concat(this.fragments);
          this.fragments = [];
          this.handlers.onMessage(whole);
          return;
        }
        this.handlers.onMessage(payload);
        return;
      case 0x8: // close
        this.close('closed by the server');
        return;
      case 0x9: // ping: a pong with the same data, masked (as every client frame) with a zero key
        if (payload.length > 125) return;
        this.socket.write(Buffer.concat([Buffer.from([0x8a, 0x80 | payload.length, 0, 0, 0, 0]), payload]));
        return;
      default:
        return;
    }
  }
}
