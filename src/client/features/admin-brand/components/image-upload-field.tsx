import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useUploadImage } from '../api/upload-image';
import { IMAGE_ACCEPT, imageFileError } from '../utils/image-file';
import { uploadErrorMessage } from '../utils/upload-error';

/** What the picture is: names it in messages and buttons ('Logo must be under 5MB', 'Upload logo'). */
export type ImageSubject = 'logo' | 'header' | 'banner';

interface ImageUploadFieldProps {
  id: string;
  /** The field's label, e.g. 'Brand logo'. */
  label: string;
  subject: ImageSubject;
  hint?: ReactNode;
  value: string | null;
  onChange: (objectPath: string | null) => void;
  /** Called after a successful upload with the new path (e.g. to save the settings at once). */
  onUploaded?: (objectPath: string) => void;
  /** Classes of the preview box (its shape). */
  previewClassName?: string;
}

/**
 * Picks an image, checks it, uploads it through POST /api/objects/upload and
 * shows it. The upload only sets the field; saving the form publishes it.
 */
export function ImageUploadField({
  id,
  label,
  subject,
  hint,
  value,
  onChange,
  onUploaded,
  previewClassName,
}: ImageUploadFieldProps) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const [error, setError] = useState<string | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  // Each language words the picture itself (its article, its gender): one message per phrase, chosen by kind.
  const kind = { kind: subject };
  const messageId = `${id}-message`;

  function handleFile(file: File | undefined) {
    if (!file) return;
    const problem = imageFileError(file, t('admin.image.subject', kind));
    setError(problem);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: ({ objectPath }) => {
        onChange(objectPath);
        onUploaded?.(objectPath);
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: t('admin.image.uploadFailedTitle'),
          description: uploadErrorMessage(err, t('admin.image.uploadFailed', kind)),
        }),
    });
  }

  const showImage = value !== null && value !== brokenUrl;

  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
      <legend className="mb-2 p-0 text-sm font-semibold leading-none">{label}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div
          className={cn(
            'flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-input bg-muted',
            previewClassName,
          )}
        >
          {showImage ? (
            <img
              src={value}
              alt={t('admin.image.current', kind)}
              className="size-full object-contain"
              onError={() => setBrokenUrl(value)}
            />
          ) : (
            <ImageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            className="hidden"
            aria-label={t('admin.image.fileInput', { label })}
            aria-describedby={messageId}
            onChange={(event) => {
              handleFile(event.currentTarget.files?.[0]);
              // Choosing the same file again must fire change again.
              event.currentTarget.value = '';
            }}
          />
          <Button
            variant="outline"
            disabled={upload.isPending}
            onClick={() => inputRef.current?.click()}
            aria-describedby={messageId}
          >
            {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
            {upload.isPending ? t('admin.image.uploading') : t('admin.image.upload', kind)}
          </Button>
          {value ? (
            <Button
              variant="ghost"
              disabled={upload.isPending}
              onClick={() => {
                setError(null);
                onChange(null);
              }}
            >
              <Trash2 aria-hidden="true" />
              {t('admin.image.remove', kind)}
            </Button>
          ) : null}
        </div>
      </div>
      <p
        id={messageId}
        aria-live="polite"
        className={cn('text-sm', error ? 'font-medium text-destructive' : 'text-muted-foreground')}
      >
        {error ?? hint}
      </p>
    </fieldset>
  );
}
