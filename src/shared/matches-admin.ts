/** The admin's calls on past matches, kept out of the fans' contract. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { match, matchPathParams } from './matches';

/** true takes the ended match out of the public history; false puts it back. */
export const matchVisibilityBody = z.object({ hidden: z.boolean() }).strict();
export type MatchVisibilityBody = z.input<typeof matchVisibilityBody>;

export const matchesAdminApi = {
  /**
   * Hides an ended match from every public reader (past matches, season tables, player pages, fans'
   * histories, the current match) or shows it again; admins still list it, with `hiddenAt`.
   */
  hide: endpoint({
    method: 'POST',
    path: '/api/admin/matches/:id/hide',
    params: matchPathParams,
    body: matchVisibilityBody,
    response: match,
  }),
};
