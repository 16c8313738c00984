import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { IconButton } from '@client/components/ui/icon-button';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { embedOrigin, MAX_EMBED_SITES } from '@shared/embed';
import { EMBED_SCRIPT_PATH, WIDGETS, type WidgetKind } from '@shared/embed-widgets';
import { Copy, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useEmbedSites, useSaveEmbedSites } from '../api/embed-sites';

/** Each widget's name in the admin's language, and the example value of its attribute. */
const WIDGET_ROWS: { kind: WidgetKind; label: string; example: string | null }[] = [
  { kind: 'live', label: 'admin.embeds.widget.live', example: null },
  { kind: 'match', label: 'admin.embeds.widget.match', example: '7' },
  { kind: 'season', label: 'admin.embeds.widget.season', example: '2025-26' },
  { kind: 'teamOfTheWeek', label: 'admin.embeds.widget.teamOfTheWeek', example: null },
];

/** The two ways a site includes a widget: the script and its element, or a plain frame. */
function snippets(kind: WidgetKind, example: string | null, origin: string, title: string) {
  const { element, attribute, path } = WIDGETS[kind];
  const named = attribute && example ? ` ${attribute}="${example}"` : '';
  const script = `<script src="${origin}${EMBED_SCRIPT_PATH}" async></script>\n<${element}${named} theme="auto"></${element}>`;
  const src = `${origin}${path}${example ? `/${example}` : ''}`;
  const frame = `<iframe src="${src}?theme=auto" width="100%" height="420" style="border:0" title="${title.replaceAll('"', '&quot;')}" loading="lazy"></iframe>`;
  return { script, frame };
}

function Snippet({
  id,
  widgetId,
  label,
  code,
}: {
  id: string;
  /** The widget's heading: each code area is named by its widget and its form, as no two are alike. */
  widgetId: string;
  label: string;
  code: string;
}) {
  const t = useT();
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => toast({ variant: 'success', title: t('admin.embeds.copied') }),
      () => undefined,
    );
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span id={id} className="text-sm font-medium">
          {label}
        </span>
        <Button variant="outline" size="sm" onClick={copy} aria-describedby={id}>
          <Copy aria-hidden="true" />
          {t('admin.embeds.copy')}
        </Button>
      </div>
      {/* Code reads left to right in every language; a keyboard can focus it to scroll a long line. */}
      <section
        aria-labelledby={`${widgetId} ${id}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        className="overflow-x-auto rounded-md border bg-muted p-3"
      >
        <pre dir="ltr" className="text-left text-xs leading-relaxed whitespace-pre">
          <code>{code}</code>
        </pre>
      </section>
    </div>
  );
}

function SitesEditor({ origins, notifyEnabled }: { origins: string[]; notifyEnabled: boolean }) {
  const t = useT();
  const save = useSaveEmbedSites();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const full = origins.length >= MAX_EMBED_SITES;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = embedOrigin.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (origins.includes(parsed.data)) {
      setDraft('');
      return;
    }
    save.mutate(
      { origins: [...origins, parsed.data] },
      {
        onSuccess: () => {
          setDraft('');
          successToast(notifyEnabled, t('admin.embeds.added', { origin: parsed.data }));
        },
        onError: (failure) => failureToast(t('admin.embeds.saveFailed'), failure),
      },
    );
  };

  const remove = (origin: string) =>
    save.mutate(
      { origins: origins.filter((o) => o !== origin) },
      {
        onSuccess: () => successToast(notifyEnabled, t('admin.embeds.removed', { origin })),
        onError: (failure) => failureToast(t('admin.embeds.saveFailed'), failure),
      },
    );

  const id = 'embed-site';
  const hint = t('admin.embeds.addHint');
  return (
    <div className="flex flex-col gap-4">
      {origins.length ? (
        <ul aria-label={t('admin.embeds.listLabel')} className="flex flex-col divide-y rounded-md border">
          {origins.map((origin) => (
            <li key={origin} className="flex items-center justify-between gap-2 py-1 ps-3 pe-1">
              <span dir="ltr" className="min-w-0 truncate font-mono text-sm">
                {origin}
              </span>
              <IconButton
                label={t('admin.embeds.remove', { origin })}
                onClick={() => remove(origin)}
                disabled={save.isPending}
              >
                <X aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          {t('admin.embeds.empty')}
        </p>
      )}
      <form noValidate onSubmit={add} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField id={id} label={t('admin.embeds.addLabel')} error={error} hint={hint} className="flex-1">
          <Input
            type="url"
            inputMode="url"
            dir="ltr"
            placeholder="https://news.example.com"
            value={draft}
            disabled={full}
            onChange={(event) => setDraft(event.target.value)}
            {...fieldAria(id, error, hint)}
          />
        </FormField>
        <Button type="submit" disabled={save.isPending || full} className="sm:mt-7">
          {save.isPending ? <Spinner /> : null}
          {t('admin.embeds.add')}
        </Button>
      </form>
    </div>
  );
}

/** Widgets & API: the sites whose pages may frame the fans' widgets, and each widget's snippets. */
export function EmbedSitesCard({ notify: notifyEnabled }: { notify: boolean }) {
  const t = useT();
  const sites = useEmbedSites();
  const origin = window.location.origin;
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{t('admin.embeds.title')}</CardTitle>
        <CardDescription>{t('admin.embeds.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 px-4 sm:px-6">
        {sites.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : sites.isError ? (
          <Alert title={t('admin.embeds.loadFailed')}>
            {apiErrorMessage(sites.error, sites.error.message)}
          </Alert>
        ) : (
          <SitesEditor origins={sites.data.origins} notifyEnabled={notifyEnabled} />
        )}
        <section aria-labelledby="embed-snippets" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h3 id="embed-snippets" className="text-base font-semibold">
              {t('admin.embeds.snippetsTitle')}
            </h3>
            <p className="text-sm text-muted-foreground">{t('admin.embeds.snippetsDescription')}</p>
          </div>
          {WIDGET_ROWS.map(({ kind, label, example }) => {
            const { script, frame } = snippets(kind, example, origin, t(label));
            return (
              <div key={kind} className="flex flex-col gap-3 rounded-md border p-3">
                <h4 id={`embed-${kind}`} className="font-semibold">
                  {t(label)}
                </h4>
                <Snippet
                  id={`embed-${kind}-script`}
                  widgetId={`embed-${kind}`}
                  label={t('admin.embeds.scriptForm')}
                  code={script}
                />
                <Snippet
                  id={`embed-${kind}-frame`}
                  widgetId={`embed-${kind}`}
                  label={t('admin.embeds.iframeForm')}
                  code={frame}
                />
              </div>
            );
          })}
        </section>
      </CardContent>
    </Card>
  );
}
