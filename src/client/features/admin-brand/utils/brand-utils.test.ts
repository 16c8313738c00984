import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { describe, expect, it } from 'vitest';
import { apiKeyForSubmit, isMaskedKey } from './api-key';
import { imageFileError } from './image-file';
import { uploadErrorMessage } from './upload-error';

const MB = 1024 * 1024;

describe('imageFileError', () => {
  loadCatalogsForTests();

  it('accepts a picture up to 5 MB', () => {
    expect(imageFileError({ type: 'image/png', size: 5 * MB }, 'Logo')).toBeNull();
  });

  it("refuses what is not a picture with 'Please upload an image file'", () => {
    expect(imageFileError({ type: 'text/plain', size: 10 }, 'Logo')).toBe('Please upload an image file');
    expect(imageFileError({ type: '', size: 10 }, 'Logo')).toBe('Please upload an image file');
    expect(imageFileError({ type: 'image/svg+xml', size: 10 }, 'Logo')).toBe('Please upload an image file');
  });

  it("refuses more than 5 MB with '{subject} must be under 5MB'", () => {
    expect(imageFileError({ type: 'image/jpeg', size: 5 * MB + 1 }, 'Logo')).toBe('Logo must be under 5MB');
    expect(imageFileError({ type: 'image/jpeg', size: 6 * MB }, 'Header image')).toBe(
      'Header image must be under 5MB',
    );
  });
});

describe('uploadErrorMessage', () => {
  it("reads the server's message or error field", () => {
    expect(uploadErrorMessage(new Error('413: {"message":"File must be under 5MB"}'), 'x')).toBe(
      'File must be under 5MB',
    );
    expect(uploadErrorMessage(new Error('400: {"error":"Bad file"}'), 'x')).toBe('Bad file');
  });

  it('falls back for anything else', () => {
    const fallback = 'Failed to upload logo. Please try again.';
    expect(uploadErrorMessage(new Error('500: Internal Server Error'), fallback)).toBe(fallback);
    expect(uploadErrorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
    expect(uploadErrorMessage('nope', fallback)).toBe(fallback);
  });
});

describe('apiKeyForSubmit', () => {
  const shown = '••••••••a1b2';

  it('leaves the key out when the masked value is unchanged, so the server keeps it', () => {
    expect(isMaskedKey(shown)).toBe(true);
    expect(apiKeyForSubmit(shown, shown)).toBeUndefined();
    expect(apiKeyForSubmit(`  ${shown} `, shown)).toBeUndefined();
    expect(apiKeyForSubmit('••••', shown)).toBeUndefined();
  });

  it('clears a stored key when the field is emptied', () => {
    expect(apiKeyForSubmit('', shown)).toBe('');
    expect(apiKeyForSubmit('   ', shown)).toBe('');
  });

  it('sends nothing when there was no key and none was typed', () => {
    expect(apiKeyForSubmit('', null)).toBeUndefined();
  });

  it('sends a newly typed key', () => {
    expect(apiKeyForSubmit(' new-secret-key ', shown)).toBe('new-secret-key');
    expect(apiKeyForSubmit('new-secret-key', null)).toBe('new-secret-key');
  });
});
