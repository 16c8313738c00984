import { IconCircle } from '@client/components/ui/icon-circle';
import { useT } from '@client/lib/i18n/use-t';
import { Megaphone } from 'lucide-react';
import { useId } from 'react';
import { useAnnouncement } from '../api/get-announcement';

/** The admin's match announcement, line breaks kept; nothing at all while there is none. */
export function AnnouncementBox() {
  const headingId = useId();
  const t = useT();
  const { data } = useAnnouncement();
  const text = data?.announcement?.trim();
  if (!text) return null;

  return (
    <section
      aria-labelledby={headingId}
      className="surface-light flex gap-3 rounded-lg border border-primary/25 border-s-4 border-s-primary bg-card p-4 shadow-sm sm:gap-4 sm:p-5"
    >
      <IconCircle className="shrink-0">
        <Megaphone className="size-5" aria-hidden="true" />
      </IconCircle>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={headingId} className="text-sm font-bold tracking-wide text-primary-text uppercase">
          {t('content.announcement.title')}
        </h2>
        {/* Written in the admin's language, not the reader's: its own direction keeps an English full stop
            at the end of the line on an Arabic page. */}
        <p
          dir="auto"
          // Aligned as the page is, whatever the text's own direction.
          style={{ textAlign: 'match-parent' }}
          className="whitespace-pre-line break-words text-[0.9375rem] leading-relaxed"
        >
          {text}
        </p>
      </div>
    </section>
  );
}
