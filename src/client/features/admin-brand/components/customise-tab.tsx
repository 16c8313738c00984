import { BrandMark } from '@client/components/layout/brand-mark';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { failureToast, successToast } from '@client/lib/admin-notices';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_CLUB_NAME } from '@shared/domain';
import type { Customization } from '@shared/settings';
import { type AdminCustomizationBody, adminCustomizationBody } from '@shared/settings-admin';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminCustomization, useSaveCustomization } from '../api/customization';
import { ClubColoursFields, paletteStyle, previewPalette } from './club-colours-fields';
import { ImageUploadField } from './image-upload-field';

interface CustomiseTabProps {
  /** The admin notifications preference: success notices only when on. Errors always show. */
  notificationsEnabled?: boolean;
}

type FormValues = AdminCustomizationBody;

function toForm(saved: Customization): FormValues {
  return {
    companyName: saved.companyName,
    description: saved.description ?? '',
    logoUrl: saved.logoUrl,
    headerImageUrl: saved.headerImageUrl,
    primaryColour: saved.primaryColour,
    secondaryColour: saved.secondaryColour,
  };
}

/**
 * How the fan header will look with these values (same chrome, wash and type as the real one), in the
 * colours typed once they make a pair the server would take.
 */
function HeaderPreview({ values }: { values: FormValues }) {
  const t = useT();
  const name = values.companyName?.trim() || DEFAULT_CLUB_NAME;
  const header = values.headerImageUrl;
  const palette = previewPalette(values.primaryColour, values.secondaryColour);
  return (
    <figure className="flex flex-col gap-2" style={paletteStyle(palette)}>
      <figcaption className="text-sm font-semibold">{t('admin.brand.headerPreview')}</figcaption>
      <div
        className="surface-dark relative overflow-hidden rounded-md bg-chrome bg-cover bg-center text-white"
        style={header ? { backgroundImage: `url(${JSON.stringify(header)})` } : undefined}
      >
        {header ? <div className="absolute inset-0 bg-chrome/85" aria-hidden="true" /> : null}
        <div className="relative flex h-16 items-center gap-3 px-4">
          <BrandMark name={name} logoUrl={values.logoUrl} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-bold leading-tight">{name}</span>
            <span className="truncate text-xs font-medium text-chrome-muted">
              {t('admin.brand.headerTagline')}
            </span>
          </span>
        </div>
      </div>
    </figure>
  );
}

function CustomiseForm({ saved, notify }: { saved: Customization; notify: boolean }) {
  const t = useT();
  const save = useSaveCustomization();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<FormValues, unknown, z.output<typeof adminCustomizationBody>>({
    resolver: zodResolver(adminCustomizationBody),
    defaultValues: toForm(saved),
  });
  const values = useWatch({ control }) as FormValues;

  // A save (or a refetch) brings the server's values back into the form.
  useEffect(() => reset(toForm(saved)), [saved, reset]);

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => successToast(notify, t('admin.brand.saved'), t('admin.brand.savedBody')),
      onError: (error) => failureToast(t('admin.brand.saveFailed'), error),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Controller
          control={control}
          name="logoUrl"
          render={({ field }) => (
            <ImageUploadField
              id="brand-logo"
              label={t('admin.brand.logo')}
              subject="logo"
              hint={t('admin.brand.logoHint')}
              value={field.value ?? null}
              onChange={(path) => field.onChange(path)}
            />
          )}
        />
        <Controller
          control={control}
          name="headerImageUrl"
          render={({ field }) => (
            <ImageUploadField
              id="brand-header-image"
              label={t('admin.brand.headerImage')}
              subject="header"
              hint={t('admin.brand.headerImageHint')}
              value={field.value ?? null}
              onChange={(path) => field.onChange(path)}
              previewClassName="h-24 w-36"
            />
          )}
        />
      </div>
      <FormField
        id="brand-company-name"
        label={t('admin.brand.companyName')}
        error={errors.companyName?.message}
        hint={t('admin.brand.companyNameHint', { club: DEFAULT_CLUB_NAME })}
      >
        <Input
          autoComplete="organization"
          {...fieldAria('brand-company-name', errors.companyName?.message, true)}
          {...register('companyName')}
        />
      </FormField>
      <FormField
        id="brand-description"
        label={t('admin.brand.description')}
        error={errors.description?.message}
        hint={t('admin.brand.descriptionHint')}
      >
        <Textarea
          rows={3}
          {...fieldAria('brand-description', errors.description?.message, true)}
          {...register('description')}
        />
      </FormField>
      <ClubColoursFields
        values={values}
        errors={{
          primaryColour: errors.primaryColour?.message,
          secondaryColour: errors.secondaryColour?.message,
        }}
        onChange={(field, value) =>
          setValue(field, value, { shouldDirty: true, shouldValidate: isSubmitted })
        }
      />
      <HeaderPreview values={values} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty ? <p className="text-sm text-muted-foreground">{t('admin.unsavedChanges')}</p> : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('admin.brand.save')}
        </Button>
      </div>
    </form>
  );
}

/** Customise: brand logo, header image, company name, description and the club's colours. */
export function CustomiseTab({ notificationsEnabled = true }: CustomiseTabProps = {}) {
  const t = useT();
  const saved = useAdminCustomization();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{t('admin.brand.title')}</CardTitle>
        <CardDescription>{t('admin.brand.cardDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <div className="flex flex-col gap-4">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : saved.isError ? (
          <Alert title={t('admin.brand.loadFailed')}>
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <CustomiseForm saved={saved.data} notify={notificationsEnabled} />
        )}
      </CardContent>
    </Card>
  );
}
