import { BrandMark } from '@client/components/layout/brand-mark';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { apiErrorMessage } from '@client/lib/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_CLUB_NAME } from '@shared/domain';
import { type Customization, type CustomizationBody, customizationBody } from '@shared/settings';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminCustomization, useSaveCustomization } from '../api/customization';
import { ImageUploadField } from './image-upload-field';
import { failureToast, successToast } from './notices';

interface CustomiseTabProps {
  /** The admin notifications preference: success notices only when on. Errors always show. */
  notificationsEnabled?: boolean;
}

type FormValues = CustomizationBody;

function toForm(saved: Customization): FormValues {
  return {
    companyName: saved.companyName,
    description: saved.description ?? '',
    logoUrl: saved.logoUrl,
    headerImageUrl: saved.headerImageUrl,
  };
}

/** How the fan header will look with these values (same chrome, wash and type as the real one). */
function HeaderPreview({ values }: { values: FormValues }) {
  const name = values.companyName?.trim() || DEFAULT_CLUB_NAME;
  const header = values.headerImageUrl;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold">Header preview</figcaption>
      <div
        className="surface-dark relative overflow-hidden rounded-md bg-chrome bg-cover bg-center text-white"
        style={header ? { backgroundImage: `url(${JSON.stringify(header)})` } : undefined}
      >
        {header ? <div className="absolute inset-0 bg-chrome/85" aria-hidden="true" /> : null}
        <div className="relative flex h-16 items-center gap-3 px-4">
          <BrandMark name={name} logoUrl={values.logoUrl} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-bold leading-tight">{name}</span>
            <span className="truncate text-xs font-medium text-chrome-muted">Live Player Ratings</span>
          </span>
        </div>
      </div>
    </figure>
  );
}

function CustomiseForm({ saved, notify }: { saved: Customization; notify: boolean }) {
  const save = useSaveCustomization();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, z.output<typeof customizationBody>>({
    resolver: zodResolver(customizationBody),
    defaultValues: toForm(saved),
  });
  const values = useWatch({ control }) as FormValues;

  // A save (or a refetch) brings the server's values back into the form.
  useEffect(() => reset(toForm(saved)), [saved, reset]);

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => successToast(notify, 'Customization saved', 'The fan page shows the new branding.'),
      onError: (error) => failureToast('Failed to save customization settings. Please try again.', error),
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
              label="Brand logo"
              subject="Logo"
              hint="PNG, JPG or WebP, under 5MB. Shown square in the header."
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
              label="Header image"
              subject="Header image"
              hint="2 MB max, 60x40 recommended. Shown under a dark wash behind the header."
              value={field.value ?? null}
              onChange={(path) => field.onChange(path)}
              previewClassName="h-24 w-36"
            />
          )}
        />
      </div>
      <FormField
        id="brand-company-name"
        label="Company name"
        error={errors.companyName?.message}
        hint={`Shown in the header and footer. Blank uses ${DEFAULT_CLUB_NAME}.`}
      >
        <Input
          autoComplete="organization"
          {...fieldAria('brand-company-name', errors.companyName?.message, true)}
          {...register('companyName')}
        />
      </FormField>
      <FormField
        id="brand-description"
        label="Description"
        error={errors.description?.message}
        hint="Shown in the footer under the company name."
      >
        <Textarea
          rows={3}
          {...fieldAria('brand-description', errors.description?.message, true)}
          {...register('description')}
        />
      </FormField>
      <HeaderPreview values={values} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty ? <p className="text-sm text-muted-foreground">You have unsaved changes.</p> : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save Customization
        </Button>
      </div>
    </form>
  );
}

/** Customise: brand logo, header image, company name and description. */
export function CustomiseTab({ notificationsEnabled = true }: CustomiseTabProps = {}) {
  const saved = useAdminCustomization();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Branding</CardTitle>
        <CardDescription>
          The name, logo and header fans see. Changes show on the fan page after saving.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {saved.isPending ? (
          <div className="flex flex-col gap-4">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : saved.isError ? (
          <Alert title="Failed to load customization settings">
            {apiErrorMessage(saved.error, saved.error.message)}
          </Alert>
        ) : (
          <CustomiseForm saved={saved.data} notify={notificationsEnabled} />
        )}
      </CardContent>
    </Card>
  );
}
