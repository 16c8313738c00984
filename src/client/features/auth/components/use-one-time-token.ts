import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';

/**
 * The `token` of a mailed link, read once when the screen opens and then removed from the address bar,
 * so it is left neither in the history nor in a screenshot. Null when the link carried none.
 */
export function useOneTimeToken(): string | null {
  // The router's address: the server's drawing of the screen reads it too.
  const search = useSearch();
  const [token] = useState(() => new URLSearchParams(search).get('token')?.trim() || null);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return token;
}
