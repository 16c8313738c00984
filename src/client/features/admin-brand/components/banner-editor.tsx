import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import type { bannersBody } from '@shared/content';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EmbedBannerPreview, ManualBannerPreview } from './banner-preview';
import { ImageUploadField } from './image-upload-field';

/** Both slots are always sent, so the form holds both. */
export type BannersForm = Required<z.input<typeof bannersBody>>;
export type BannerSlot = keyof BannersForm;

interface BannerEditorProps {
  slot: BannerSlot;
  /** 'Banner 1' or 'Banner 2'. */
  name: string;
  /** Where the banner sits on the fan page. */
  placement: string;
  form: UseFormReturn<BannersForm, unknown, z.output<typeof bannersBody>>;
  /** A new background image is saved at once. */
  onImageUploaded: () => void;
}

const TEXT_FIELDS = [
  { key: 'title', label: 'Title', placeholder: 'e.g. Matchday Special' },
  { key: 'subtitle', label: 'Subtitle', placeholder: 'e.g. Official Club Store' },
  { key: 'discount', label: 'Discount', placeholder: 'e.g. 20% OFF' },
] as const;

/** One banner slot: on/off, manual or embed, its fields and a live preview. */
export function BannerEditor({ slot, name, placement, form, onImageUploaded }: BannerEditorProps) {
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
                Show {name}
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
            <Label htmlFor={id('type')}>Banner type</Label>
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={id('type')} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="manual">Manual (image and text)</SelectItem>
                <SelectItem value="embed">Embed code (HTML)</SelectItem>
              </SelectContent>
            </Select>
          </div>
        )}
      />

      {banner.type === 'embed' ? (
        <>
          <FormField
            id={id('embed')}
            label="Embed code"
            error={errors?.embedCode?.message}
            hint="HTML from your ad partner. It runs in a sandbox: scripts in it do not run."
          >
            <Textarea
              rows={6}
              spellCheck={false}
              className="font-mono text-sm"
              {...fieldAria(id('embed'), errors?.embedCode?.message, true)}
              {...register(`${slot}.embedCode`)}
            />
          </FormField>
          <section aria-label={`${name} preview`} className="flex flex-col gap-2">
            <p className="text-sm font-semibold">Preview</p>
            <EmbedBannerPreview embedCode={banner.embedCode ?? ''} />
          </section>
        </>
      ) : (
        <>
          <div className="grid gap-5 md:grid-cols-3">
            {TEXT_FIELDS.map(({ key, label, placeholder }) => (
              <FormField key={key} id={id(key)} label={label} error={errors?.[key]?.message}>
                <Input
                  placeholder={placeholder}
                  {...fieldAria(id(key), errors?.[key]?.message)}
                  {...register(`${slot}.${key}`)}
                />
              </FormField>
            ))}
          </div>
          <FormField id={id('description')} label="Description" error={errors?.description?.message}>
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
                label="Background image"
                subject="Banner image"
                hint="Under 5MB; wide pictures work best. Saved as soon as it is uploaded."
                value={field.value ?? null}
                onChange={(path) => field.onChange(path)}
                onUploaded={onImageUploaded}
                previewClassName="h-24 w-40"
              />
            )}
          />
          <section aria-label={`${name} preview`} className="flex flex-col gap-2">
            <p className="text-sm font-semibold">Preview</p>
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
