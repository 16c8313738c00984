import { GA4_ID, GTM_ID, type TrackingScripts } from '@shared/tracking';

/**
 * Google's consent mode: nothing is stored until the visitor agrees. It comes before any tag, so the
 * tags start in the denied state.
 */
const CONSENT_DEFAULT = [
  '<script>',
  'window.dataLayer = window.dataLayer || [];',
  'function gtag(){dataLayer.push(arguments);}',
  "gtag('consent', 'default', {ad_storage: 'denied', ad_user_data: 'denied', " +
    "ad_personalization: 'denied', analytics_storage: 'denied'});",
  '</script>',
].join('\n');

function gtmHead(id: string): string {
  return [
    '<!-- Google Tag Manager -->',
    "<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':",
    "new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],",
    "j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=",
    "'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);",
    `})(window,document,'script','dataLayer','${id}');</script>`,
    '<!-- End Google Tag Manager -->',
  ].join('\n');
}

function gtmBody(id: string): string {
  return [
    '<!-- Google Tag Manager (noscript) -->',
    `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${id}"`,
    'height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>',
    '<!-- End Google Tag Manager (noscript) -->',
  ].join('\n');
}

function ga4Head(id: string): string {
  return [
    '<!-- Google tag (gtag.js) -->',
    `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script>`,
    '<script>',
    "gtag('js', new Date());",
    `gtag('config', '${id}');`,
    '</script>',
  ].join('\n');
}

/**
 * The standard GTM and GA4 snippets for the page head and body, built only from ids that match their
 * formats at this moment: an id that does not (however it got stored) is left out, so nothing but an
 * id of letters, digits and one dash can reach the markup.
 */
export function buildTrackingScripts(ids: {
  gtmContainerId: string | null;
  ga4MeasurementId: string | null;
}): TrackingScripts {
  const gtm = ids.gtmContainerId && GTM_ID.test(ids.gtmContainerId) ? ids.gtmContainerId : null;
  const ga4 = ids.ga4MeasurementId && GA4_ID.test(ids.ga4MeasurementId) ? ids.ga4MeasurementId : null;
  const head: string[] = [];
  if (gtm || ga4) head.push(CONSENT_DEFAULT);
  if (gtm) head.push(gtmHead(gtm));
  if (ga4) head.push(ga4Head(ga4));
  return {
    header: head.join('\n'),
    body: gtm ? gtmBody(gtm) : '',
    gtmContainerId: gtm,
    ga4MeasurementId: ga4,
  };
}
