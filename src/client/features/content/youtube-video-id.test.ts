import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeThumbnailUrls, youtubeVideoId, youtubeWatchUrl } from './youtube-video-id';

const ID = 'dQw4w9WgXcQ';

describe('youtubeVideoId', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&list=RD${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=AbCdEfGh12345&t=10`,
    `youtu.be/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?autoplay=1&start=30`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/live/${ID}?si=xyz`,
    `https://www.youtube.com/v/${ID}`,
    `  https://www.youtube.com/watch?v=${ID}  `,
    ID,
  ])('finds the id in %s', (url) => {
    expect(youtubeVideoId(url)).toBe(ID);
  });

  it('keeps ids with dashes and underscores', () => {
    expect(youtubeVideoId('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'not a url',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}X`,
    'https://youtu.be/',
    'https://youtu.be/tooShort',
    `https://youtu.be/${ID}extra`,
    'https://www.youtube.com/@ManUtd',
    'https://www.youtube.com/channel/UC6yW44UGJJBvYTlfC7CRg2Q',
    'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
    `https://vimeo.com/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `javascript:alert(1)//youtu.be/${ID}`,
    `ftp://youtu.be/${ID}`,
    'dQw4w9WgXc!',
  ])('gives null for %s', (url) => {
    expect(youtubeVideoId(url)).toBeNull();
  });
});

describe('YouTube addresses', () => {
  it('builds the watch page, the privacy-mode player and the thumbnails', () => {
    expect(youtubeWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(youtubeEmbedUrl(ID)).toMatch(
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${ID}\\?autoplay=1`),
    );
    expect(youtubeThumbnailUrls(ID)).toEqual([
      `https://i.ytimg.com/vi/${ID}/maxresdefault.jpg`,
      `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`,
    ]);
  });
});
