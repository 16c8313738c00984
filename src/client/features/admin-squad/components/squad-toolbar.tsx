import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import type { Player } from '@shared/players';
import { FileSpreadsheet, FileText, ImageDown, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useUpdatePlayerImages } from '../api/player-api';
import { downloadBlob } from '../utils/download';
import { squadWorkbook } from '../utils/squad-excel';
import { squadCsv, squadExportFileName } from '../utils/squad-export';

interface SquadToolbarProps {
  players: Player[];
  notificationsEnabled: boolean;
  onAddPlayer: () => void;
}

/** Add Custom Player, Update Images from API, and the CSV and Excel exports. */
export function SquadToolbar({ players, notificationsEnabled, onAddPlayer }: SquadToolbarProps) {
  const t = useT();
  const images = useUpdatePlayerImages();
  const [notConfigured, setNotConfigured] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const updateImages = () => {
    setNotConfigured(null);
    images.mutate(undefined, {
      onSuccess: (result) => {
        if (notificationsEnabled)
          toast({
            variant: 'success',
            title: t('admin-squad.images.successTitle'),
            description: result.message,
          });
      },
      onError: (error) => {
        // 400: the provider is not configured; the server says what to set.
        if (error instanceof ApiError && error.status === 400) {
          setNotConfigured(apiErrorMessage(error, t('admin-squad.images.failed')));
          return;
        }
        toast({ variant: 'destructive', description: t('admin-squad.images.failed') });
      },
    });
  };

  const exportCsv = () => {
    downloadBlob(
      new Blob([squadCsv(players)], { type: 'text/csv;charset=utf-8' }),
      squadExportFileName('csv'),
    );
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      downloadBlob(await squadWorkbook(players), squadExportFileName('xlsx'));
    } catch (error) {
      console.error('Excel export failed', error);
      toast({
        variant: 'destructive',
        title: t('admin-squad.export.errorTitle'),
        description: t('admin-squad.export.excelFailed'),
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button onClick={onAddPlayer} className="col-span-2 sm:col-span-1">
          <UserPlus aria-hidden="true" />
          {t('admin-squad.addCustomPlayer')}
        </Button>
        <Button
          variant="outline"
          onClick={updateImages}
          disabled={images.isPending}
          className="col-span-2 sm:col-span-1"
        >
          {images.isPending ? <Spinner /> : <ImageDown aria-hidden="true" />}
          {t('admin-squad.images.update')}
        </Button>
        <Button variant="outline" onClick={exportCsv} disabled={players.length === 0}>
          <FileText aria-hidden="true" />
          {t('admin-squad.export.csv')}
        </Button>
        <Button
          variant="outline"
          onClick={() => void exportExcel()}
          disabled={exporting || players.length === 0}
        >
          {exporting ? <Spinner /> : <FileSpreadsheet aria-hidden="true" />}
          {t('admin-squad.export.excel')}
        </Button>
      </div>
      {notConfigured ? (
        <Alert title={t('admin-squad.images.notConfigured')}>
          <p>{notConfigured}</p>
        </Alert>
      ) : null}
    </div>
  );
}
