import { Alert } from '@client/components/ui/alert';
import { errorCodeText } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { useSearch } from 'wouter';

/**
 * What a form posted before the page's script arrived came back with (the server drew the screen; its
 * form went as a plain post, answered by a redirect): the refusal's code, or a notice of success.
 */
export function usePostedOutcome(): { failed: string | null; notice: string | null } {
  const params = new URLSearchParams(useSearch());
  return { failed: params.get('failed'), notice: params.get('notice') };
}

/** The refusal of a form posted without script, in the reader's language, until the form is sent again. */
export function PostedRefusal({ title }: { title: string }) {
  const t = useT();
  const { failed } = usePostedOutcome();
  if (!failed) return null;
  return <Alert title={title}>{errorCodeText(failed) ?? t('auth.tryAgain')}</Alert>;
}
