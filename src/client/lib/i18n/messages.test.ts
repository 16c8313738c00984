import { AUTH_ERRORS, registerBody } from '@shared/auth';
import { RATING_ERRORS } from '@shared/ratings';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, apiErrorIs, apiErrorMessage } from '../api-client';
import { errorText, formMessage } from './messages';
import { loadCatalogsForTests } from './testing';

afterEach(() => loadCatalogsForTests());

/** The form's message for a sign-up body, as the page's zod resolver gets it from the shared schema. */
const signUpMessage = (body: object) => registerBody.safeParse(body).error?.issues[0]?.message;

describe('a form message', () => {
  it('is the shared rule’s error, shown by its code in the reader’s language', () => {
    const short = signUpMessage({ email: 'a@example.com', password: 'short', name: 'Ada' });
    loadCatalogsForTests();
    expect(formMessage(short)).toBe('Password must be at least 8 characters long');
    loadCatalogsForTests('fr');
    expect(formMessage(short)).toBe('Le mot de passe doit contenir au moins 8 caractères');
    loadCatalogsForTests('es');
    expect(formMessage(signUpMessage({ email: 'x', password: 'long enough', name: 'Ada' }))).toBe(
      'Dirección de correo electrónico no válida',
    );
  });

  it('is a page rule’s catalogue key, or text under no catalogue area shown as written', () => {
    loadCatalogsForTests('fr');
    expect(formMessage('auth.signUp.failed')).toBe('Échec de l’inscription');
    expect(formMessage('Too big: expected string to have <=100 characters')).toBe(
      'Too big: expected string to have <=100 characters',
    );
    expect(formMessage(undefined)).toBeUndefined();
  });
});

describe('a server refusal', () => {
  const answer = (status: number, body: object) => new ApiError(status, 'Refused', JSON.stringify(body));

  it('is recognised by its code, never by its sentence', () => {
    const refused = answer(403, AUTH_ERRORS.emailNotVerified);
    expect(apiErrorIs(refused, AUTH_ERRORS.emailNotVerified)).toBe(true);
    expect(apiErrorIs(refused, AUTH_ERRORS.invalidCredentials)).toBe(false);
    expect(
      apiErrorIs(
        answer(403, { message: AUTH_ERRORS.emailNotVerified.message }),
        AUTH_ERRORS.emailNotVerified,
      ),
    ).toBe(false);
    expect(apiErrorIs(new TypeError('Failed to fetch'), AUTH_ERRORS.emailNotVerified)).toBe(false);
  });

  it('is shown by its code in the reader’s language, in English as the server worded it', () => {
    const refused = answer(409, RATING_ERRORS.alreadyVoted);
    loadCatalogsForTests();
    expect(apiErrorMessage(refused, 'fallback')).toBe(RATING_ERRORS.alreadyVoted.message);
    loadCatalogsForTests('fr');
    expect(apiErrorMessage(refused, 'fallback')).toBe('Vous avez déjà validé votre vote final pour ce match');
    expect(errorText(RATING_ERRORS.alreadyVoted)).toBe(
      'Vous avez déjà validé votre vote final pour ce match',
    );
  });
});
