import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Banner, Banners } from '@shared/content';
import { bannersBody } from '@shared/content-admin';
import { useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminBanners, useSaveBanners } from '../api/banners';
import { BannerEditor, type BannerSlot, type BannersForm } from './banner-editor';

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

const SAVE_FAILED = 'admin.banners.saveFailed';
const IMAGE_SAVE_FAILED = 'admin.banners.imageSaveFailed';

function firstSlotWithErrors(errors: FieldErrors<BannersForm>): BannerSlot | null {
  if (errors.banner1) return 'banner1';
  if (errors.banner2) return 'banner2';
  return null;
}

function BannersFormView({ saved, notify }: { saved: Banners; notify: boolean }) {
  const t = useT();
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
        onSuccess: () => successToast(notify, t('admin.banners.saved'), t('admin.banners.savedBody')),
        onError: (error) => failureToast(t(SAVE_FAILED), error),
      }),
    showErrors,
  );

  const saveAfterUpload = () =>
    void handleSubmit(
      (body) =>
        save.mutate(body, {
          onSuccess: () =>
            successToast(notify, t('admin.banners.imageSaved'), t('admin.banners.imageSavedBody')),
          onError: (error) => failureToast(t(IMAGE_SAVE_FAILED), error),
        }),
      (errors) => {
        showErrors(errors);
        failureToast(t(IMAGE_SAVE_FAILED), null);
      },
    )();

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as BannerSlot)}
        className="flex flex-col gap-5"
      >
        <TabsList aria-label={t('admin.banners.slotLabel')} className="w-full sm:w-auto sm:self-start">
          <TabsTrigger value="banner1">{t('admin.banners.slotName', { number: 1 })}</TabsTrigger>
          <TabsTrigger value="banner2">{t('admin.banners.slotName', { number: 2 })}</TabsTrigger>
        </TabsList>
        <TabsContent value="banner1">
          <BannerEditor
            slot="banner1"
            number={1}
            placement={t('admin.banners.placement1')}
            form={form}
            onImageUploaded={saveAfterUpload}
          />
        </TabsContent>
        <TabsContent value="banner2">
          <BannerEditor
            slot="banner2"
            number={2}
            placement={t('admin.banners.placement2')}
            form={form}
            onImageUploaded={saveAfterUpload}
          />
        </TabsContent>
      </Tabs>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('admin.banners.save')}
        </Button>
      </div>
    </form>
  );
}

/** Settings: the two advertising banners, each manual (picture and text) or embedded HTML. */
export function BannersCard({ notify }: { notify: boolean }) {
  const t = useT();
  const saved = useAdminBanners();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{t('admin.banners.title')}</CardTitle>
        <CardDescription>{t('admin.banners.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : saved.isError ? (
          <Alert title={t('admin.banners.loadFailed')}>
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <BannersFormView saved={saved.data} notify={notify} />
        )}
      </CardContent>
    </Card>
  );
}
