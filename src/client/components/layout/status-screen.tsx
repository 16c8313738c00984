import { Card } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthLayout } from './auth-layout';

interface StatusScreenProps {
  /** Shown in a tinted disc above the title. */
  icon?: LucideIcon;
  tone?: 'neutral' | 'success' | 'danger';
  title: string;
  children?: ReactNode;
  /** Buttons under the message, stacked on phones. */
  actions?: ReactNode;
}

const circleTones = {
  neutral: 'neutral',
  success: 'success',
  danger: 'soft',
} as const;

/** One message with its way out: confirm results, access gates, not found. */
export function StatusScreen({ icon: Icon, tone = 'neutral', title, children, actions }: StatusScreenProps) {
  return (
    <AuthLayout>
      <Card className="flex flex-col items-center gap-4 px-6 py-8 text-center sm:px-8">
        {Icon ? (
          <IconCircle size="xl" tone={circleTones[tone]}>
            <Icon className="size-7" aria-hidden="true" />
          </IconCircle>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children ? (
          <div className="flex flex-col gap-2 text-[0.9375rem] text-muted-foreground">{children}</div>
        ) : null}
        {actions ? <div className="mt-2 flex w-full flex-col gap-2.5">{actions}</div> : null}
      </Card>
    </AuthLayout>
  );
}
