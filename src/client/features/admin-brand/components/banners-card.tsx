import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { apiErrorMessage } from '@client/lib/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Banner, type Banners, bannersBody } from '@shared/content';
import { useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminBanners, useSaveBanners } from '../api/banners';
import { BannerEditor, type BannerSlot, type BannersForm } from './banner-editor';
import { failureToast, successToast } from './notices';

function toForm(banner: Banner): BannersForm['banner1'] {
  return {
    enabled: banner.enabled,
    type: banner.type,
    title: banner.title ?? '',
    subtitle: banner.subtitle ?? '',
    discount: banner.discount ?? '',
    description: banner.description ?? '',
    backgroundImage: banner.backgroundImage,
    embedCode: banner.embedCode ?? '',
  };
}

function toForms(saved: Banners): BannersForm {
  return { banner1: toForm(saved.banner1), banner2: toForm(saved.banner2) };
}

const SAVE_FAILED = 'Failed to save banner settings. Please try again.';
const IMAGE_SAVE_FAILED = 'Image uploaded but failed to save settings. Please click Save Banner Settings.';

function firstSlotWithErrors(errors: FieldErrors<BannersForm>): BannerSlot | null {
  if (errors.banner1) return 'banner1';
  if (errors.banner2) return 'banner2';
  return null;
}

function BannersFormView({ saved, notify }: { saved: Banners; notify: boolean }) {
  const save = useSaveBanners();
  const [tab, setTab] = useState<BannerSlot>('banner1');
  const form = useForm<BannersForm, unknown, z.output<typeof bannersBody>>({
    resolver: zodResolver(bannersBody.required()),
    defaultValues: toForms(saved),
  });
  const { handleSubmit, reset } = form;
  useEffect(() => reset(toForms(saved)), [saved, reset]);

  // Errors may sit in the slot that is not shown: show it.
  const showErrors = (errors: FieldErrors<BannersForm>) => {
    const slot = firstSlotWithErrors(errors);
    if (slot) setTab(slot);
  };

  const onSubmit = handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: () => successToast(notify, 'Banner settings saved', 'The fan page shows the new banners.'),
        onError: (error) => failureToast(SAVE_FAILED, error),
      }),
    showErrors,
  );

  const saveAfterUpload = () =>
    void handleSubmit(
      (body) =>
        save.mutate(body, {
          onSuccess: () => successToast(notify, 'Banner image saved', 'The fan page shows the new picture.'),
          onError: (error) => failureToast(IMAGE_SAVE_FAILED, error),
        }),
      (errors) => {
        showErrors(errors);
        failureToast(IMAGE_SAVE_FAILED, null);
      },
    )();

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as BannerSlot)}
        className="flex flex-col gap-5"
      >
        <TabsList aria-label="Banner slot" className="w-full sm:w-auto sm:self-start">
          <TabsTrigger value="banner1">Banner 1</TabsTrigger>
          <TabsTrigger value="banner2">Banner 2</TabsTrigger>
        </TabsList>
        <TabsContent value="banner1">
          <BannerEditor
            slot="banner1"
            name="Banner 1"
            placement="Above the players, across the page. When off, the default promotion shows."
            form={form}
            onImageUploaded={saveAfterUpload}
          />
        </TabsContent>
        <TabsContent value="banner2">
          <BannerEditor
            slot="banner2"
            name="Banner 2"
            placement="In the side column, under the leaderboard."
            form={form}
            onImageUploaded={saveAfterUpload}
          />
        </TabsContent>
      </Tabs>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save Banner Settings
        </Button>
      </div>
    </form>
  );
}

/** Settings: the two advertising banners, each manual (picture and text) or embedded HTML. */
export function BannersCard({ notify }: { notify: boolean }) {
  const saved = useAdminBanners();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Advertising Banners</CardTitle>
        <CardDescription>Banner 1 sits above the players; banner 2 in the side column.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : saved.isError ? (
          <Alert title="Failed to load banner settings">
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <BannersFormView saved={saved.data} notify={notify} />
        )}
      </CardContent>
    </Card>
  );
}
