import type { FastifyReply } from 'fastify';
import { perDatabase } from '../../db/client';
import { sendJson } from '../../lib/json-answer';

/**
 * How long an encoded public answer is served from memory. A write on this instance forgets them at
 * once, another instance's as its notice arrives; this bounds what a lost notice could leave (the answers
 * are `max-age=60` to browsers anyway).
 */
export const PUBLIC_ANSWER_TTL_MS = 5_000;
/** More keys than any club's matches, seasons and players: past it the lot is dropped, not grown. */
const MAX_ANSWERS = 5_000;

/**
 * Public reads of ended matches (reports, season tables, player pages) as their encoded JSON, made once
 * per key and shared by every reader meanwhile: a shared link's crowd costs no query and no encoding.
 * Concurrent first reads share one making; a failed one (a 404) is not kept.
 */
export class PublicAnswers {
  readonly #entries = new Map<string, { json: Promise<string>; until: number }>();

  constructor(
    private readonly ttlMs = PUBLIC_ANSWER_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, make: () => Promise<string>): Promise<string> {
    const at = this.now();
    const kept = this.#entries.get(key);
    if (kept && kept.until > at) return kept.json;
    if (this.#entries.size >= MAX_ANSWERS) this.#entries.clear();
    const json = make();
    const entry = { json, until: at + this.ttlMs };
    this.#entries.set(key, entry);
    json.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return json;
  }

  /**
   * Sends the answer under `key`, made by `make` when none is kept. Browsers keep it a minute: only a
   * found answer reaches here (a live match's report is a 404 until full time).
   */
  async send(reply: FastifyReply, key: string, make: () => Promise<string>): Promise<FastifyReply> {
    const body = await this.get(key, make);
    reply.header('cache-control', 'public, max-age=60');
    return sendJson(reply, body);
  }

  /** After a report or a season table is written: every answer may have changed. */
  forget(): void {
    this.#entries.clear();
  }
}

/** The answers of one database (each test database, each app, keeps its own). */
export const publicAnswers = perDatabase(() => new PublicAnswers());
