/** The admin panel's save notices, shared by every admin section. */
import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';

/** The fixed failure text, with the server's reason (a validation message) beneath. */
export function failureToast(title: string, error: unknown): void {
  const reason = apiErrorMessage(error, '');
  toast({ variant: 'destructive', title, description: reason || undefined });
}

/** Success notices follow the admin notifications preference; failures always show. */
export function successToast(notify: boolean, title: string, description?: string): void {
  if (notify) toast({ variant: 'success', title, description });
}
