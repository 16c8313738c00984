import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { Download } from 'lucide-react';
import { useHistoryExport } from '../api/export-history';
import { downloadFile, historyExportFilename, historyExportJson } from '../utils/export-file';

interface ExportHistoryButtonProps {
  /** Success notices follow the admin notifications preference; errors always show. */
  notify: boolean;
}

/** 'Export All Historical Data': every completed match as one JSON file named by date. */
export function ExportHistoryButton({ notify }: ExportHistoryButtonProps) {
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
                title: 'No Completed Matches',
                description: 'There is no completed match to export yet.',
              });
              return;
            }
            const filename = historyExportFilename(new Date());
            downloadFile(filename, historyExportJson(matches));
            if (notify) {
              toast({
                variant: 'success',
                title: 'Export Complete',
                description: `${matches.length} ${matches.length === 1 ? 'match' : 'matches'} saved to ${filename}.`,
              });
            }
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Export Failed',
              description: apiErrorMessage(
                error,
                'The historical data could not be exported. Please try again.',
              ),
            }),
        })
      }
    >
      {exportHistory.isPending ? <Spinner /> : <Download aria-hidden="true" />}
      Export All Historical Data
    </Button>
  );
}
