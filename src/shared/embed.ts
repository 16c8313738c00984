/** The widgets other sites embed: the admin's list of sites that may frame them, the live read, oEmbed. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';

/** More sites than any club's partners: the list is one `frame-ancestors` header on every widget. */
export const MAX_EMBED_SITES = 50;
/** A share page's address as oEmbed consumers send it: far longer than any of ours. */
export const MAX_OEMBED_URL = 2048;

export const EMBED_ERRORS = defineErrors('embed', {
  origin:
    'A site is its https address without a path, such as https://news.example.com or https://*.example.com',
  // MAX_EMBED_SITES, written out: each sentence is one literal (the catalogues' test finds it so).
  tooMany: 'At most 50 sites may embed the widgets',
  notOurs: 'That address is not a shared match page of this site',
  formatNotSupported: 'Only the JSON format of oEmbed is offered',
});

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PORT = '(?::(?:[1-9]\\d{0,4}))?';
/**
 * A site as `frame-ancestors` names one: `https://` and a host name (or `*.` and a domain of two labels
 * at least), an optional port, no path. Plain `http://` only for this machine (a developer's or the
 * test's page): anywhere else it would let a network in between frame the widgets as the site.
 */
const ORIGIN = new RegExp(
  `^(?:https://(?:\\*\\.)?${LABEL}(?:\\.${LABEL})+${PORT}|https://localhost${PORT}|http://(?:localhost|127\\.0\\.0\\.1)${PORT})$`,
);

/** `https://News.Example.com/` is `https://news.example.com`: one spelling each, compared as stored. */
export const embedOrigin = z
  .string()
  .trim()
  .max(270, errorKey(EMBED_ERRORS.origin))
  .toLowerCase()
  .transform((value) => value.replace(/\/$/, ''))
  .refine((value) => ORIGIN.test(value), errorKey(EMBED_ERRORS.origin));

export const embedSites = z.object({
  /** The sites whose pages may frame the widgets; none (the default): no site may. */
  origins: z.array(z.string()),
});
export type EmbedSites = z.infer<typeof embedSites>;

export const embedSitesBody = z.object({
  origins: z
    .array(embedOrigin)
    .max(MAX_EMBED_SITES, errorKey(EMBED_ERRORS.tooMany))
    .transform((origins) => [...new Set(origins)]),
});
export type EmbedSitesBody = z.input<typeof embedSitesBody>;

/** The live match as the live widget shows it: the score and the phase, and only a count of raters. */
export const embedLive = z.object({
  match: z
    .object({
      id: z.number().int(),
      opponent: z.string(),
      tournament: z.string(),
      /** Null: not known (a match typed in by hand), drawn with the club first. */
      isHome: z.boolean().nullable(),
      homeScore: z.number().int(),
      awayScore: z.number().int(),
      phase: z.enum(['upcoming', 'live', 'half-time', 'full-time']),
      startedAt: z.string().nullable(),
      /** The day and kick-off as the club states them, before kick-off. */
      scheduledDate: z.string().nullable(),
      kickOffTime: z.string(),
      /**
       * Fans whose ratings count: a number of people, never a figure of the ratings, so it is shown
       * before full time too. Null before kick-off.
       */
      raters: z.number().int().nullable(),
    })
    .nullable(),
});
export type EmbedLive = z.infer<typeof embedLive>;

export const oembedQuery = z.object({
  url: z.string().min(1).max(MAX_OEMBED_URL),
  format: z.enum(['json', 'xml']).optional(),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** oEmbed 1.0's answer: `rich` (the match widget's frame) or `photo` (the share card). */
export const oembedAnswer = z.object({
  version: z.literal('1.0'),
  type: z.enum(['rich', 'photo']),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  thumbnail_url: z.string(),
  thumbnail_width: z.number().int(),
  thumbnail_height: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** rich: the iframe; photo: absent. */
  html: z.string().optional(),
  /** photo: the card's address. */
  url: z.string().optional(),
  cache_age: z.number().int(),
});
export type OembedAnswer = z.infer<typeof oembedAnswer>;

export const OEMBED_PATH = '/oembed';

/** Public reads, for anyone and any site: nothing in them is personal. */
export const embedApi = {
  /** What the live widget shows, cached by any cache for LIVE_POLL_MS. */
  live: endpoint({ method: 'GET', path: '/api/embed/live', response: embedLive }),
  oembed: endpoint({ method: 'GET', path: OEMBED_PATH, query: oembedQuery, response: oembedAnswer }),
};

/** The admin's list of sites that may frame the widgets. */
export const embedAdminApi = {
  sites: endpoint({ method: 'GET', path: '/api/admin/embed-sites', response: embedSites }),
  saveSites: endpoint({
    method: 'PUT',
    path: '/api/admin/embed-sites',
    body: embedSitesBody,
    response: embedSites,
  }),
};
