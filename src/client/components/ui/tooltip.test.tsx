import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IconButton } from './icon-button';
import { TOOLTIP_DELAYS, TooltipProvider } from './tooltip';

describe('tooltips', () => {
  it('open after 700 ms, and the next one at once within 300 ms of the last', () => {
    expect(TOOLTIP_DELAYS).toEqual({ delayDuration: 700, skipDelayDuration: 300 });
    const provider = TooltipProvider({ children: null });
    expect(provider.props).toMatchObject({ delayDuration: 700, skipDelayDuration: 300 });
  });

  it('an icon button is named by its label, and its tooltip stays closed until asked for', () => {
    const html = renderToStaticMarkup(
      <TooltipProvider>
        <IconButton label="Edit Ada" onClick={() => undefined}>
          <svg aria-hidden="true" />
        </IconButton>
      </TooltipProvider>,
    );
    expect(html).toMatch(/^<button [^>]*aria-label="Edit Ada"/);
    expect(html).toContain('data-state="closed"');
    expect(html).toContain('type="button"');
    expect(html).not.toContain('role="tooltip"');
  });
});
