import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { useT } from '@client/lib/i18n/use-t';
import { useId } from 'react';

interface NotificationsSwitchProps {
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}

/** The admin notifications preference, saved as soon as it changes. */
export function NotificationsSwitch({ enabled, onChange }: NotificationsSwitchProps) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1.5 rounded-md bg-white/5 p-3">
      <div className="flex min-h-11 items-center justify-between gap-3">
        <Label htmlFor={id} className="cursor-pointer text-white">
          {t('admin.notifications.label')}
        </Label>
        <Switch
          id={id}
          checked={enabled}
          onCheckedChange={onChange}
          aria-describedby={hintId}
          className="data-[state=unchecked]:bg-white/45"
        />
      </div>
      <p id={hintId} className="text-xs text-chrome-muted">
        {t('admin.notifications.hint')}
      </p>
    </div>
  );
}
