/** The media partners' API keys (being built). */
export function ApiKeysCard(_props: { notify: boolean }) {
  return null;
}
