import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { oneDecimal } from '@client/lib/i18n/figures';
import { useT } from '@client/lib/i18n/use-t';
import { type ClubColours, HEX_COLOUR } from '@shared/club-colours';
import {
  type ClubPalette,
  clubPalette,
  coloursProblem,
  contrastRatio,
  GRAPHIC_CONTRAST,
  paletteVariables,
} from '@shared/club-palette';
import type { CSSProperties } from 'react';

/** The palette of a pair as typed, or null while either is not a colour or the pair would be refused. */
export function previewPalette(primary: string | null | undefined, secondary: string | null | undefined) {
  const colours: ClubColours = {
    primary: primary?.trim().toLowerCase() ?? '',
    secondary: secondary?.trim().toLowerCase() ?? '',
  };
  return coloursProblem(colours) === null ? clubPalette(colours) : null;
}

/** The palette's variables set on an element: what is inside it draws in that palette. */
export const paletteStyle = (palette: ClubPalette | null): CSSProperties | undefined =>
  palette ? (paletteVariables(palette) as CSSProperties) : undefined;

interface ColourFieldProps {
  id: string;
  label: string;
  pickLabel: string;
  hint: string;
  value: string | null | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A colour typed as `#rrggbb`, with the browser's picker beside it for the same value. */
function ColourField({ id, label, pickLabel, hint, value, error, onChange }: ColourFieldProps) {
  const typed = value?.trim().toLowerCase() ?? '';
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={pickLabel}
          value={HEX_COLOUR.test(typed) ? typed : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1"
        />
        <Input
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          className="font-mono"
          {...fieldAria(id, error, true)}
        />
      </div>
    </FormField>
  );
}

type ColourName = 'primaryColour' | 'secondaryColour';

/** Each colour's field: its id and words. */
const FIELDS = {
  primaryColour: {
    id: 'brand-primary-colour',
    label: 'admin.brand.primaryColour',
    pick: 'admin.brand.pickPrimaryColour',
    hint: 'admin.brand.primaryColourHint',
  },
  secondaryColour: {
    id: 'brand-secondary-colour',
    label: 'admin.brand.secondaryColour',
    pick: 'admin.brand.pickSecondaryColour',
    hint: 'admin.brand.secondaryColourHint',
  },
} as const satisfies Record<ColourName, Record<string, string>>;

interface ClubColoursFieldsProps {
  values: Partial<Record<ColourName, string | null | undefined>>;
  errors: Partial<Record<ColourName, string | undefined>>;
  onChange: (field: ColourName, value: string) => void;
}

/**
 * The club's two colours, and how far apart they are: the crest and the portraits draw one on the
 * other, so the pair needs 3:1 (the server refuses less). Everything else derives its own shades.
 */
export function ClubColoursFields({ values, errors, onChange }: ClubColoursFieldsProps) {
  const t = useT();
  const both = [values.primaryColour, values.secondaryColour].map((c) => c?.trim().toLowerCase() ?? '');
  const ratio = both.every((c) => HEX_COLOUR.test(c)) ? contrastRatio(both[0] ?? '', both[1] ?? '') : null;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-sm font-semibold">{t('admin.brand.colours')}</legend>
      <p className="text-sm text-muted-foreground">{t('admin.brand.coloursHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {(Object.keys(FIELDS) as ColourName[]).map((name) => (
          <ColourField
            key={name}
            id={FIELDS[name].id}
            label={t(FIELDS[name].label)}
            pickLabel={t(FIELDS[name].pick)}
            hint={t(FIELDS[name].hint)}
            value={values[name]}
            error={errors[name]}
            onChange={(value) => onChange(name, value)}
          />
        ))}
      </div>
      {ratio === null ? null : (
        <p
          className={
            ratio >= GRAPHIC_CONTRAST
              ? 'text-sm text-muted-foreground'
              : 'text-sm font-medium text-destructive'
          }
        >
          {t('admin.brand.coloursContrast', { ratio: oneDecimal(Math.floor(ratio * 10) / 10) })}
        </p>
      )}
    </fieldset>
  );
}
