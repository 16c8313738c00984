import { i18n } from '@client/lib/i18n/i18n';
import { I18nProvider } from '@client/lib/i18n/react';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { LOCALES } from '@shared/i18n/locales';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { TermsRoute } from './terms';

function renderTerms(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <Router ssrPath="/terms">
          <TermsRoute />
        </Router>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the terms page', () => {
  it('says the season figures come from the site’s own records, not placeholders, in every language', () => {
    loadCatalogsForTests();
    const english = renderTerms();
    expect(english).toContain(
      'Season statistics and recent form shown next to players come from this site&#x27;s own records',
    );
    expect(english).not.toMatch(/placeholder|illustrative/i);
    for (const locale of LOCALES) {
      loadCatalogsForTests(locale);
      expect(renderTerms(), locale).not.toMatch(
        /placeholder|illustrative|illustration|ilustrativ|fictifs|توضيحية|افتراضية/i,
      );
    }
    loadCatalogsForTests();
  });
});
