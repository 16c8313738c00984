import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { useT } from '@client/lib/i18n/use-t';
import type { bannersBody } from '@shared/content-admin';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EmbedBannerPreview, ManualBannerPreview } from './banner-preview';
import { ImageUploadField } from './image-upload-field';

/** Both slots are always sent, so the form holds both. */
export type BannersForm = Required<z.input<typeof bannersBody>>;
export type BannerSlot = keyof BannersForm;

interface BannerEditorProps {
  slot: BannerSlot;
  /** 1 or 2, as in 'Banner 1'. */
  number: 1 | 2;
  /** Where the banner sits on the fan page. */
  placement: string;
  form: UseFormReturn<BannersForm, unknown, z.output<typeof bannersBody>>;
  /** A new background image is saved at once. */
  onImageUploaded: () => void;
}

const TEXT_FIELDS = [
  { key: 'title', label: 'admin.banners.field.title', placeholder: 'admin.banners.field.titlePlaceholder' },
  {
    key: 'subtitle',
    label: 'admin.banners.field.subtitle',
    placeholder: 'admin.banners.field.subtitlePlaceholder',
  },
  {
    key: 'discount',
    label: 'admin.banners.field.discount',
    placeholder: 'admin.banners.field.discountPlaceholder',
  },
] as const;

/** One banner slot: on/off, manual or embed, its fields and a live preview. */
export function BannerEditor({ slot, number, placement, form, onImageUploaded }: BannerEditorProps) {
  const t = useT();
  const { control, register, formState } = form;
  const errors = formState.errors[slot];
  const banner = useWatch({ control, name: slot });
  const id = (field: string) => `${slot}-${field}`;

  return (
    <div className="flex flex-col gap-5">
      <Controller
        control={control}
        name={`${slot}.enabled`}
        render={({ field }) => (
          <div className="flex min-h-11 items-center justify-between gap-4 rounded-md border border-border px-4 py-2">
            <div className="flex flex-col gap-0.5">
              <Label htmlFor={id('enabled')} className="cursor-pointer">
                {t('admin.banners.show', { number })}
              </Label>
              <p id={id('enabled-hint')} className="text-sm text-muted-foreground">
                {placement}
              </p>
            </div>
            <Switch
              id={id('enabled')}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              aria-describedby={id('enabled-hint')}
            />
          </div>
        )}
      />

      <Controller
        control={control}
        name={`${slot}.type`}
        render={({ field }) => (
          <div className="flex flex-col gap-2 sm:max-w-xs">
            <Label htmlFor={id('type')}>{t('admin.banners.type')}</Label>
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={id('type')} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="manual">{t('admin.banners.typeManual')}</SelectItem>
                <SelectItem value="embed">{t('admin.banners.typeEmbed')}</SelectItem>
              </SelectContent>
            </Select>
          </div>
        )}
      />

      {banner.type === 'embed' ? (
        <>
          <FormField
            id={id('embed')}
            label={t('admin.banners.embedCode')}
            error={errors?.embedCode?.message}
            hint={t('admin.banners.embedHint')}
          >
            <Textarea
              rows={6}
              spellCheck={false}
              className="font-mono text-sm"
              {...fieldAria(id('embed'), errors?.embedCode?.message, true)}
              {...register(`${slot}.embedCode`)}
            />
          </FormField>
          <section aria-label={t('admin.banners.previewLabel', { number })} className="flex flex-col gap-2">
            <p className="text-sm font-semibold">{t('admin.banners.previewHeading')}</p>
            <EmbedBannerPreview embedCode={banner.embedCode ?? ''} />
          </section>
        </>
      ) : (
        <>
          <div className="grid gap-5 md:grid-cols-3">
            {TEXT_FIELDS.map(({ key, label, placeholder }) => (
              <FormField key={key} id={id(key)} label={t(label)} error={errors?.[key]?.message}>
                <Input
                  placeholder={t(placeholder)}
                  {...fieldAria(id(key), errors?.[key]?.message)}
                  {...register(`${slot}.${key}`)}
                />
              </FormField>
            ))}
          </div>
          <FormField
            id={id('description')}
            label={t('admin.banners.field.description')}
            error={errors?.description?.message}
          >
            <Textarea
              rows={3}
              {...fieldAria(id('description'), errors?.description?.message)}
              {...register(`${slot}.description`)}
            />
          </FormField>
          <Controller
            control={control}
            name={`${slot}.backgroundImage`}
            render={({ field }) => (
              <ImageUploadField
                id={id('image')}
                label={t('admin.banners.backgroundImage')}
                subject="banner"
                hint={t('admin.banners.backgroundImageHint')}
                value={field.value ?? null}
                onChange={(path) => field.onChange(path)}
                onUploaded={onImageUploaded}
                previewClassName="h-24 w-40"
              />
            )}
          />
          <section aria-label={t('admin.banners.previewLabel', { number })} className="flex flex-col gap-2">
            <p className="text-sm font-semibold">{t('admin.banners.previewHeading')}</p>
            <ManualBannerPreview
              title={banner.title ?? ''}
              subtitle={banner.subtitle ?? ''}
              discount={banner.discount ?? ''}
              description={banner.description ?? ''}
              backgroundImage={banner.backgroundImage ?? null}
            />
          </section>
        </>
      )}
    </div>
  );
}
