/**
 * What the product acknowledged, and the final check against what its database holds. Lost: a rating or
 * vote acknowledged (2xx) that is absent or holds another value. Doubled: more than one row for a
 * (fan, player) pair, or more than one vote for a fan. A pair whose last request got no clear answer
 * (no answer, or 5xx) may hold either value: that is not counted as lost.
 */
import type { SimulationRatingRows, SimulationSummary, SimulationVoteRows } from '@shared/simulation';

export class Ledger {
  private readonly acked: Int8Array;
  /** The value of a request that got no clear answer after the last acknowledgement. */
  private readonly unclear: Int8Array;
  private readonly votes: Int32Array;
  private readonly votesUnclear: Int32Array;
  private readonly playerIndex: Map<number, number>;
  ratingAcks = 0;
  voteAcks = 0;

  constructor(
    readonly fanIds: string[],
    readonly playerIds: number[],
  ) {
    const cells = fanIds.length * playerIds.length;
    this.acked = new Int8Array(cells);
    this.unclear = new Int8Array(cells);
    this.votes = new Int32Array(fanIds.length);
    this.votesUnclear = new Int32Array(fanIds.length);
    this.playerIndex = new Map(playerIds.map((id, i) => [id, i]));
  }

  private cell(fan: number, playerId: number): number {
    const index = this.playerIndex.get(playerId);
    if (index === undefined) throw new Error(`player ${playerId} was not published for rating`);
    return fan * this.playerIds.length + index;
  }

  rated(fan: number, playerId: number, rating: number): void {
    const cell = this.cell(fan, playerId);
    this.acked[cell] = rating;
    this.unclear[cell] = 0;
    this.ratingAcks++;
  }

  ratingUnclear(fan: number, playerId: number, rating: number): void {
    this.unclear[this.cell(fan, playerId)] = rating;
  }

  voted(fan: number, motmPlayerId: number): void {
    this.votes[fan] = motmPlayerId;
    this.voteAcks++;
  }

  voteUnclear(fan: number, motmPlayerId: number): void {
    this.votesUnclear[fan] = motmPlayerId;
  }

  /** Pairs with an acknowledged rating. */
  acknowledgedPairs(): number {
    let n = 0;
    for (const value of this.acked) if (value) n++;
    return n;
  }

  check(
    summary: SimulationSummary,
    ratingRows: SimulationRatingRows['rows'],
    voteRows: SimulationVoteRows['rows'],
  ): CheckResult {
    const fanIndex = new Map(this.fanIds.map((id, i) => [id, i]));
    const players = this.playerIds.length;
    const stored = new Int8Array(this.acked.length);
    const rowsPerCell = new Uint16Array(this.acked.length);
    let foreign = 0;
    for (const row of ratingRows) {
      const fan = row.userId ? fanIndex.get(row.userId) : undefined;
      const index = this.playerIndex.get(row.playerId);
      if (fan === undefined || index === undefined) {
        foreign++;
        continue;
      }
      const cell = fan * players + index;
      rowsPerCell[cell] = (rowsPerCell[cell] ?? 0) + 1;
      stored[cell] = row.rating;
    }
    let lostRatings = 0;
    let doubledRatings = 0;
    let unacknowledged = 0;
    for (let cell = 0; cell < this.acked.length; cell++) {
      const rowCount = rowsPerCell[cell] ?? 0;
      if (rowCount > 1) doubledRatings += rowCount - 1;
      const acked = this.acked[cell] ?? 0;
      const value = stored[cell] ?? 0;
      if (acked) {
        if (rowCount === 0 || (value !== acked && value !== this.unclear[cell])) lostRatings++;
      } else if (rowCount > 0) unacknowledged++;
    }

    const votesPerFan = new Uint16Array(this.fanIds.length);
    const storedVote = new Int32Array(this.fanIds.length);
    for (const row of voteRows) {
      const fan = row.userId ? fanIndex.get(row.userId) : undefined;
      if (fan === undefined) {
        foreign++;
        continue;
      }
      votesPerFan[fan] = (votesPerFan[fan] ?? 0) + 1;
      storedVote[fan] = row.motmPlayerId ?? -1;
    }
    let lostVotes = 0;
    let doubledVotes = 0;
    for (let fan = 0; fan < this.fanIds.length; fan++) {
      const count = votesPerFan[fan] ?? 0;
      if (count > 1) doubledVotes += count - 1;
      const acked = this.votes[fan] ?? 0;
      const value = storedVote[fan] ?? 0;
      if (acked) {
        if (count === 0 || (value !== acked && value !== this.votesUnclear[fan])) lostVotes++;
      } else if (count > 0) unacknowledged++;
    }

    // The database's own counts must agree with the rows read back, or the read-back missed some.
    const consistent =
      summary.ratings === ratingRows.length &&
      summary.votes === voteRows.length &&
      summary.ratingPairs + doubledRatings === summary.ratings &&
      summary.voters + doubledVotes === summary.votes;
    return {
      ratingsAcknowledged: this.acknowledgedPairs(),
      ratingsStored: ratingRows.length,
      votesAcknowledged: this.voteAcks,
      votesStored: voteRows.length,
      lost: lostRatings + lostVotes,
      lostRatings,
      lostVotes,
      doubled: doubledRatings + doubledVotes,
      doubledRatings,
      doubledVotes,
      unacknowledgedStored: unacknowledged,
      foreignRows: foreign,
      readBackConsistent: consistent,
    };
  }
}

export interface CheckResult {
  /** (fan, player) pairs with an acknowledged rating. */
  ratingsAcknowledged: number;
  ratingsStored: number;
  votesAcknowledged: number;
  votesStored: number;
  lost: number;
  lostRatings: number;
  lostVotes: number;
  doubled: number;
  doubledRatings: number;
  doubledVotes: number;
  /** Rows for a request that errored (it landed after all): not an error of the database. */
  unacknowledgedStored: number;
  /** Rows of users who are not this run's fans. */
  foreignRows: number;
  readBackConsistent: boolean;
}
