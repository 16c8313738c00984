import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { apiErrorMessage } from '@client/lib/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { type SocialMedia, type SocialMediaBody, socialMediaBody } from '@shared/settings';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminSocialMedia, useSaveSocialMedia } from '../api/social-media';
import { failureToast, successToast } from './notices';

type LinkKey = keyof SocialMedia;

const FIELDS: { key: LinkKey; label: string; placeholder: string; hint?: string }[] = [
  { key: 'youtube', label: 'YouTube channel', placeholder: 'https://www.youtube.com/@yourclub' },
  {
    key: 'youtubeVideo',
    label: 'YouTube video',
    placeholder: 'https://www.youtube.com/watch?v=...',
    hint: 'Shown as a video card beside the ratings.',
  },
  { key: 'instagram', label: 'Instagram', placeholder: 'https://www.instagram.com/yourclub' },
  { key: 'facebook', label: 'Facebook', placeholder: 'https://www.facebook.com/yourclub' },
  { key: 'tiktok', label: 'TikTok', placeholder: 'https://www.tiktok.com/@yourclub' },
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
      onSuccess: () => successToast(notify, 'Social links saved', 'The footer shows the new links.'),
      onError: (error) => failureToast('Failed to save social media settings. Please try again.', error),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid gap-5 md:grid-cols-2">
        {FIELDS.map(({ key, label, placeholder, hint }) => {
          const id = `social-${key}`;
          const error = errors[key]?.message;
          return (
            <FormField key={key} id={id} label={label} error={error} hint={hint}>
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
          Save Social Links
        </Button>
      </div>
    </form>
  );
}

/** Settings: the footer's social links and the video card (http(s) links only). */
export function SocialLinksCard({ notify }: { notify: boolean }) {
  const saved = useAdminSocialMedia();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Social Media Links</CardTitle>
        <CardDescription>
          Each link shows as an icon in the footer. Leave a field blank to hide it.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : saved.isError ? (
          <Alert title="Failed to load social media links">
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <SocialLinksForm saved={saved.data} notify={notify} />
        )}
      </CardContent>
    </Card>
  );
}
