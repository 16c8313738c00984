import { useT } from '@client/lib/i18n/use-t';
import { Button } from './button';
import { DialogFooter } from './dialog';
import { Spinner } from './spinner';

interface FormDialogFooterProps {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
}

/** Cancel and submit for a form in a dialog; submit shows a spinner and is disabled while it is sent. */
export function FormDialogFooter({ onCancel, pending, submitLabel }: FormDialogFooterProps) {
  const t = useT();
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
