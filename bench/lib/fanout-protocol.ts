/** What bench/fanout.ts and its client processes (fanout-client.ts) say to each other over IPC. */

export type ClientCommand =
  /** Open one more socket per cookie ('' for none) to `url`, `inFlight` handshakes at a time. */
  | { type: 'connect'; url: string; cookies: string[]; inFlight: number; timeoutMs: number }
  /** Record each socket's next leaderboard_update from now on. */
  | { type: 'arm' }
  /** Wait until every open socket has it (or the time is up) and report. */
  | { type: 'collect'; timeoutMs: number }
  /** Close every socket. */
  | { type: 'close' }
  | { type: 'exit' };

export type ClientReply =
  | { type: 'ready' }
  | {
      type: 'connected';
      connected: number;
      failed: number;
      /** A few of the failures' messages. */
      errors: string[];
      ms: number;
      /** Sockets whose connection_established did not say signedIn: true. */
      notSignedIn: number;
    }
  | { type: 'armed' }
  | {
      type: 'collected';
      /** Per socket open at the arm, when its message arrived (ms, wall clock); -1 if it never did. */
      arrivals: number[];
      /** The distinct seq numbers received. */
      seqs: number[];
      /** Sockets that received more than one leaderboard_update in the round. */
      duplicates: number;
      /** One message of the round, whole. */
      sample: string | null;
      /** Sockets closed by the other side since the last collect. */
      dropped: number;
    }
  | { type: 'closed' }
  | { type: 'failed'; message: string };
