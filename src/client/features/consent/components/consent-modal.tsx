import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { IconCircle } from '@client/components/ui/icon-circle';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useAcceptConsent } from '../api/update-consent';

interface ConsentModalProps {
  /** What declining means on this screen; on the home screen it signs out. */
  onDecline: () => void;
}

// A consent prompt must be answered: outside clicks and Escape do not close it.
const keepOpen = (event: Event) => event.preventDefault();

/** Always open while rendered; the parent renders it only while consent is missing. */
export function ConsentModal({ onDecline }: ConsentModalProps) {
  const t = useT();
  const [geolocation, setGeolocation] = useState(false);
  const [declining, setDeclining] = useState(false);
  const accept = useAcceptConsent();
  const busy = accept.isPending || declining;

  return (
    <Dialog open>
      <DialogContent
        showClose={false}
        onEscapeKeyDown={keepOpen}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
      >
        <DialogHeader className="pe-0">
          <IconCircle size="lg" className="mb-1">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </IconCircle>
          <DialogTitle>{t('account.consent.title')}</DialogTitle>
          <DialogDescription>
            <Trans
              id="account.consent.description"
              components={{
                0: (
                  <Link
                    href="/privacy"
                    className="font-medium text-primary-text underline underline-offset-4"
                  />
                ),
              }}
            />
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-1 rounded-md border border-border bg-muted/60 p-3">
          <div className="flex min-h-11 items-start gap-3 py-1">
            <Checkbox
              id="consent-required"
              checked
              disabled
              aria-describedby="consent-required-hint"
              className="mt-0.5"
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor="consent-required" className="leading-snug">
                {t('account.consent.requiredLabel')}
              </Label>
              <p id="consent-required-hint" className="text-sm text-muted-foreground">
                {t('account.consent.requiredHint')}
              </p>
            </div>
          </div>
          <div className="flex min-h-11 items-start gap-3 py-1">
            <Checkbox
              id="consent-geolocation"
              checked={geolocation}
              onCheckedChange={(checked) => setGeolocation(checked === true)}
              aria-describedby="consent-geolocation-hint"
              className="mt-0.5"
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor="consent-geolocation" className="cursor-pointer leading-snug">
                {t('account.consent.geolocationLabel')}
              </Label>
              <p id="consent-geolocation-hint" className="text-sm text-muted-foreground">
                {t('account.consent.geolocationHint')}
              </p>
            </div>
          </div>
        </div>

        <DialogFooter>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              setDeclining(true);
              onDecline();
            }}
          >
            {t('account.consent.decline')}
          </Button>
          <Button disabled={busy} onClick={() => accept.mutate(geolocation)}>
            {accept.isPending ? (
              <>
                <Spinner />
                {t('account.consent.saving')}
              </>
            ) : (
              t('account.consent.accept')
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
