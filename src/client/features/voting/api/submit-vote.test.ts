import { describe, expect, it } from 'vitest';
import { focusFollowsToResult, submitState, VOTE_SUBMIT_ATTRIBUTE } from './submit-vote';

/** Just enough of an element for the rule: where it sits, by the attributes of it and its ancestors. */
function element(...attributes: string[]): Element {
  return {
    closest: (selector: string) =>
      attributes.some((attribute) => selector === `[${attribute}]`) ? ({} as Element) : null,
  } as unknown as Element;
}

describe('the submit button’s states', () => {
  it("says 'Submitting...' from the press and 'Vote Submitted' once the server's flag says the fan voted", () => {
    expect(submitState(false, false)).toBe('idle');
    expect(submitState(false, true)).toBe('submitting');
    expect(submitState(true, true)).toBe('submitted');
    expect(submitState(true, false)).toBe('submitted');
  });
});

describe('focusFollowsToResult', () => {
  const body = element();

  it('moves the focus to the result when it is nowhere, or on a submit button that goes with the progress', () => {
    expect(focusFollowsToResult(null, body)).toBe(true);
    expect(focusFollowsToResult(body, body)).toBe(true);
    expect(focusFollowsToResult(element(VOTE_SUBMIT_ATTRIBUTE), body)).toBe(true);
  });

  it('leaves it where the fan put it meanwhile', () => {
    expect(focusFollowsToResult(element('data-rating-key'), body)).toBe(false);
  });
});
