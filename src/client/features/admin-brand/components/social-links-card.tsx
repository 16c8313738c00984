import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SocialMedia } from '@shared/settings';
import { type SocialMediaBody, socialMediaBody } from '@shared/settings-admin';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminSocialMedia, useSaveSocialMedia } from '../api/social-media';

type LinkKey = keyof SocialMedia;

// Labels and hints are catalogue keys, read at render; the placeholders are example addresses.
const FIELDS: { key: LinkKey; label: string; placeholder: string; hint?: string }[] = [
  { key: 'youtube', label: 'admin.social.youtube', placeholder: 'https://www.youtube.com/@yourclub' },
  {
    key: 'youtubeVideo',
    label: 'admin.social.youtubeVideo',
    placeholder: 'https://www.youtube.com/watch?v=...',
    hint: 'admin.social.youtubeVideoHint',
  },
  { key: 'instagram', label: 'admin.social.instagram', placeholder: 'https://www.instagram.com/yourclub' },
  { key: 'facebook', label: 'admin.social.facebook', placeholder: 'https://www.facebook.com/yourclub' },
  { key: 'tiktok', label: 'admin.social.tiktok', placeholder: 'https://www.tiktok.com/@yourclub' },
];

function toForm(saved: SocialMedia): SocialMediaBody {
  return {
    youtube: saved.youtube ?? '',
    youtubeVideo: saved.youtubeVideo ?? '',
    instagram: saved.instagram ?? '',
    facebook: saved.facebook ?? '',
    tiktok: saved.tiktok ?? '',
  };
}

function SocialLinksForm({ saved, notify }: { saved: SocialMedia; notify: boolean }) {
  const t = useT();
  const save = useSaveSocialMedia();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SocialMediaBody, unknown, z.output<typeof socialMediaBody>>({
    resolver: zodResolver(socialMediaBody),
    defaultValues: toForm(saved),
  });
  useEffect(() => reset(toForm(saved)), [saved, reset]);

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => successToast(notify, t('admin.social.saved'), t('admin.social.savedBody')),
      onError: (error) => failureToast(t('admin.social.saveFailed'), error),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid gap-5 md:grid-cols-2">
        {FIELDS.map(({ key, label, placeholder, hint: hintKey }) => {
          const id = `social-${key}`;
          const error = errors[key]?.message;
          const hint = hintKey ? t(hintKey) : undefined;
          return (
            <FormField key={key} id={id} label={t(label)} error={error} hint={hint}>
              <Input
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder={placeholder}
                {...fieldAria(id, error, hint)}
                {...register(key)}
              />
            </FormField>
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('admin.social.save')}
        </Button>
      </div>
    </form>
  );
}

/** Settings: the footer's social links and the video card (http(s) links only). */
export function SocialLinksCard({ notify }: { notify: boolean }) {
  const t = useT();
  const saved = useAdminSocialMedia();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{t('admin.social.title')}</CardTitle>
        <CardDescription>{t('admin.social.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : saved.isError ? (
          <Alert title={t('admin.social.loadFailed')}>
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <SocialLinksForm saved={saved.data} notify={notify} />
        )}
      </CardContent>
    </Card>
  );
}
