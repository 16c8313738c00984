import { describe, expect, it } from 'vitest';
import { bannerImageUrl } from './banner-image-url';

describe('bannerImageUrl', () => {
  it('keeps uploads served by the product and http(s) addresses', () => {
    expect(bannerImageUrl('/objects/banner-1.png')).toBe('/objects/banner-1.png');
    expect(bannerImageUrl(' https://cdn.example.com/a.jpg ')).toBe('https://cdn.example.com/a.jpg');
    expect(bannerImageUrl('http://cdn.example.com/a.jpg')).toBe('http://cdn.example.com/a.jpg');
  });

  it.each([
    null,
    undefined,
    '',
    '  ',
    '//evil.example/a.png',
    'javascript:alert(1)',
    'data:text/html,x',
    'a.png',
  ])('drops %s', (value) => {
    expect(bannerImageUrl(value)).toBeNull();
  });
});
