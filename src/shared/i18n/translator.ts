/**
 * The translator the page and the server share: it reads catalogues compiled at build time by Lingui's
 * message compiler (@lingui/message-utils), so it carries no ICU parser, only this small interpreter.
 * A compiled message is a list of parts: text, `[name]`, `[name, 'number', style]`, or
 * `[name, 'plural' | 'select', branches]` (the forms the catalogues use; a test keeps them to these) whose branches are compiled messages
 * (`#` in a plural branch is the count, formatted).
 */
export type CompiledPart = string | [string, string?, (string | Record<string, CompiledMessage>)?];
export type CompiledMessage = CompiledPart[];
export type Messages = Record<string, CompiledMessage>;
export type Values = Record<string, unknown>;

const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  percent: { style: 'percent' },
  integer: { maximumFractionDigits: 0 },
};

export class Translator {
  locale = '';
  locales: string[] = [];
  messages: Messages = {};
  private readonly catalogues = new Map<string, Messages>();
  private readonly listeners = new Set<() => void>();
  private readonly formats = new Map<string, Intl.NumberFormat | Intl.PluralRules>();

  /** `missing`: what a key without a message reads as (the key's own text when not given). */
  constructor(private readonly missing?: (locale: string, id: string) => string) {}

  /** Adds messages to a language's catalogue (a later bundle beside the earlier ones). */
  load(locale: string, messages: Messages): void {
    const merged = { ...this.catalogues.get(locale), ...messages };
    this.catalogues.set(locale, merged);
    if (locale === this.locale) this.messages = merged;
    this.emit();
  }

  /** Reads in `locale` from now on; `locales` are the tags numbers and dates are formatted with. */
  activate(locale: string, locales: string[] = [locale]): void {
    this.locale = locale;
    this.locales = locales;
    this.messages = this.catalogues.get(locale) ?? {};
    this.formats.clear();
    this.emit();
  }

  /** Called after each load or switch; returns the way to stop listening. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The message of `id` in the language being read, its values put in. */
  _ = (id: string, values: Values = {}): string => {
    const message = this.messages[id];
    if (!message) return this.missing ? this.missing(this.locale, id) : id;
    return this.format(message, values, null);
  };

  number(value: number, options: Intl.NumberFormatOptions = {}): string {
    return this.formatter('n', options, () => new Intl.NumberFormat(this.locales, options)).format(value);
  }

  private format(message: CompiledMessage, values: Values, count: number | null): string {
    let out = '';
    for (const part of message) {
      if (typeof part === 'string') {
        out += part === '#' && count !== null ? this.number(count) : part;
        continue;
      }
      const [name, type, style] = part;
      const value = values[name];
      if (type === 'plural' || type === 'select') {
        const branches = (style ?? {}) as Record<string, CompiledMessage>;
        if (type === 'select') {
          out += this.format(branches[String(value)] ?? branches.other ?? [], values, count);
          continue;
        }
        const n = Number(value);
        const rules = this.formatter(type, {}, () => new Intl.PluralRules(this.locales));
        const branch = branches[String(n)] ?? branches[rules.select(n)] ?? branches.other ?? [];
        out += this.format(branch, values, n);
      } else if (type === 'number') {
        const options = NUMBER_STYLES[String(style)] ?? {};
        out += this.number(Number(value), options);
      } else {
        out += value === undefined || value === null ? '' : String(value);
      }
    }
    return out;
  }

  private formatter<F extends Intl.NumberFormat | Intl.PluralRules>(
    kind: string,
    options: object,
    make: () => F,
  ): F {
    const key = `${kind}|${JSON.stringify(options)}`;
    let format = this.formats.get(key) as F | undefined;
    if (!format) {
      format = make();
      this.formats.set(key, format);
    }
    return format;
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
