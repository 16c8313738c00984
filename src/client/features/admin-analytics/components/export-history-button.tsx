import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { Download } from 'lucide-react';
import { useHistoryExport } from '../api/export-history';
import { downloadFile, historyExportFilename, historyExportJson } from '../utils/export-file';

interface ExportHistoryButtonProps {
  /** Success notices follow the admin notifications preference; errors always show. */
  notify: boolean;
}

/** 'Export All Historical Data': every completed match as one JSON file named by date. */
export function ExportHistoryButton({ notify }: ExportHistoryButtonProps) {
  const t = useT();
  const exportHistory = useHistoryExport();
  return (
    <Button
      variant="secondary"
      disabled={exportHistory.isPending}
      onClick={() =>
        exportHistory.mutate(undefined, {
          onSuccess: (matches) => {
            if (matches.length === 0) {
              toast({
                title: t('admin-match.analytics.export.noneTitle'),
                description: t('admin-match.analytics.export.noneDescription'),
              });
              return;
            }
            const filename = historyExportFilename(new Date());
            downloadFile(filename, historyExportJson(matches));
            if (notify) {
              toast({
                variant: 'success',
                title: t('admin-match.analytics.export.doneTitle'),
                description: t('admin-match.analytics.export.doneDescription', {
                  count: matches.length,
                  filename,
                }),
              });
            }
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: t('admin-match.analytics.export.failedTitle'),
              description: apiErrorMessage(error, t('admin-match.analytics.export.failedDescription')),
            }),
        })
      }
    >
      {exportHistory.isPending ? <Spinner /> : <Download aria-hidden="true" />}
      {t('admin-match.analytics.export.button')}
    </Button>
  );
}
