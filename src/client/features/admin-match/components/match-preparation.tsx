import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useT } from '@client/lib/i18n/use-t';
import { ClipboardList } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAdminCurrentMatch } from '../api/match-queries';
import { MatchDaySquad } from './match-day-squad';
import { MatchDetailsForm } from './match-details-form';

type Step = 'details' | 'squad';

interface MatchPreparationProps {
  notificationsEnabled: boolean;
  onOpenSquad: () => void;
}

/** 'Match Preparation' with '1. Match Details' and '2. Match Day Squad' (the announce flow of point 4). */
export function MatchPreparation({ notificationsEnabled, onOpenSquad }: MatchPreparationProps) {
  const t = useT();
  const { data: match } = useAdminCurrentMatch();
  const isLive = match?.isLive ?? false;
  const [step, setStep] = useState<Step>('details');

  // A match going live (or already live on arrival) moves the preparation on to the squad.
  useEffect(() => {
    if (isLive) setStep('squad');
  }, [isLive]);

  return (
    <Card>
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle className="flex items-center gap-2">
          <ClipboardList className="size-5 text-primary-text" aria-hidden="true" />
          {t('admin-match.prep.title')}
        </CardTitle>
        <CardDescription>{t('admin-match.prep.description')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 sm:p-6">
        <Tabs value={step} onValueChange={(value) => setStep(value as Step)} className="flex flex-col gap-5">
          <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
            <TabsTrigger value="details">{t('admin-match.prep.detailsTab')}</TabsTrigger>
            <TabsTrigger value="squad">{t('admin-match.prep.squadTab')}</TabsTrigger>
          </TabsList>
          <TabsContent value="details">
            <MatchDetailsForm
              notificationsEnabled={notificationsEnabled}
              onAnnounced={() => setStep('squad')}
            />
          </TabsContent>
          <TabsContent value="squad">
            <MatchDaySquad notificationsEnabled={notificationsEnabled} onOpenSquad={onOpenSquad} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
