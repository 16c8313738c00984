import { Checkbox } from '@client/components/ui/checkbox';
import { IconButton } from '@client/components/ui/icon-button';
import { TableCell } from '@client/components/ui/table';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { Pencil } from 'lucide-react';
import { useId } from 'react';

interface CheckCellProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}

/** A checkbox inside a 44 px label, so a thumb at the stadium hits it; the label names it. */
export function CheckCell({ label, checked, disabled, onChange, className }: CheckCellProps) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-md',
        disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:bg-muted',
        className,
      )}
    >
      <Checkbox
        id={id}
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onChange(value === true)}
      />
    </label>
  );
}

/** The pencil button that opens a player's edit dialog, in its own cell. */
export function EditCell({ name, onEdit }: { name: string; onEdit: () => void }) {
  const t = useT();
  return (
    <TableCell className="px-0 py-0 text-center">
      <IconButton onClick={onEdit} label={t('admin-squad.editName', { name })}>
        <Pencil aria-hidden="true" />
      </IconButton>
    </TableCell>
  );
}
