/** The sites that may frame the widgets (being built). */
export function EmbedSitesCard(_props: { notify: boolean }) {
  return null;
}
